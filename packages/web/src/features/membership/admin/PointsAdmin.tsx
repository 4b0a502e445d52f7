import type { PointsEntry, PointsUserRow, PointsUsersBody } from '@pvplan/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Statistic,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPointsLedger, searchPointsUsers, subtractPoints } from '../../../api/membership';
import { useIsMobile } from '../../../app/layout/useLayoutMode';
import { cellText } from '../../../components/dialogs/format';
import type { PageState } from '../../../components/dialogs/paging';
import { RowCard } from '../../../components/dialogs/RowCard';
import { pointsText } from '../points';
import { pointsLedgerColumns } from '../pointsLedgerColumns';
import { ADMIN_FIRST_PAGE, adminPager } from './adminTable';

const QUERY_KEY = ['membership', 'admin', 'points'] as const;

interface SubtractForm {
  readonly points: number;
  readonly remark: string;
}

/**
 * Sales management → 用户积分 (spec 000 §1 "user points"; spec 001 §7 account/*): users and their
 * balances (account/pointsUsers, ours), a user's ledger — every entry (getDetailPoints) or those
 * earned by activity (getDetailActivePoints) — and taking points off (subPoints, with a reason,
 * never below 0: the server refuses more than the balance). The balance is always the ledger's sum.
 */
export function PointsAdmin() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const [filter, setFilter] = useState<PointsUsersBody>(ADMIN_FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [viewing, setViewing] = useState<PointsUserRow | null>(null);
  const [ledgerPage, setLedgerPage] = useState<PageState>(ADMIN_FIRST_PAGE);
  const [activeOnly, setActiveOnly] = useState(false);
  const [subtracting, setSubtracting] = useState<PointsUserRow | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<SubtractForm>();

  const users = useQuery({
    queryKey: [...QUERY_KEY, 'users', filter],
    queryFn: ({ signal }) => searchPointsUsers(filter, signal),
    placeholderData: keepPreviousData,
  });
  const ledger = useQuery({
    queryKey: [...QUERY_KEY, 'ledger', viewing?.userId, activeOnly, ledgerPage],
    enabled: viewing !== null,
    queryFn: ({ signal }) =>
      getPointsLedger(
        {
          userId: viewing?.userId ?? 0,
          pageNum: ledgerPage.pageNum,
          pageSize: ledgerPage.pageSize,
          activeOnly,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  const openLedger = (row: PointsUserRow) => {
    setViewing(row);
    setActiveOnly(false);
    setLedgerPage(ADMIN_FIRST_PAGE);
  };
  const openSubtract = (row: PointsUserRow) => {
    form.resetFields();
    setSubtracting(row);
  };
  const submitSubtract = async (values: SubtractForm) => {
    if (!subtracting) return;
    setSubmitting(true);
    try {
      const balance = await subtractPoints(subtracting.userId, values.points, values.remark.trim());
      void message.success(t('membership.points.subtracted', { points: pointsText(balance.points) }));
      setSubtracting(null);
      if (viewing?.userId === balance.userId) setViewing({ ...viewing, points: balance.points });
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    } catch {
      // The request layer has shown why (e.g. 积分不足).
    } finally {
      setSubmitting(false);
    }
  };

  const balanceCell = (row: PointsUserRow) => (
    <span data-testid={`points-balance-${row.userId}`}>{pointsText(row.points)}</span>
  );
  const userActions = (row: PointsUserRow) => (
    <Flex gap={4}>
      <Button
        type="link"
        size="small"
        onClick={() => openLedger(row)}
        data-testid={`points-ledger-${row.userId}`}
      >
        {t('membership.points.ledger')}
      </Button>
      {/* Nothing to take off a zero balance: the button says why it is disabled. */}
      <Tooltip title={row.points <= 0 ? t('membership.admin.pointsNothingToSubtract') : undefined}>
        <Button
          type="link"
          size="small"
          danger
          disabled={row.points <= 0}
          onClick={() => openSubtract(row)}
          data-testid={`points-subtract-${row.userId}`}
        >
          {t('membership.points.subtract')}
        </Button>
      </Tooltip>
    </Flex>
  );

  const desktopUserColumns: TableColumnsType<PointsUserRow> = [
    { title: t('membership.points.userName'), dataIndex: 'userName', render: cellText },
    { title: t('membership.points.loginNo'), dataIndex: 'loginNo' },
    { title: t('membership.trial.phone'), dataIndex: 'phone', render: cellText },
    {
      title: t('membership.points.balance'),
      dataIndex: 'points',
      align: 'right',
      render: (_: number, row) => balanceCell(row),
    },
    { title: t('dialogs.common.actions'), key: 'actions', render: (_: unknown, row) => userActions(row) },
  ];
  // Phones: one card per user instead of a table wider than the screen.
  const phoneUserColumns: TableColumnsType<PointsUserRow> = [
    {
      key: 'card',
      render: (_: unknown, row) => (
        <RowCard
          title={cellText(row.userName)}
          lines={[
            { label: t('membership.points.loginNo'), value: row.loginNo },
            { label: t('membership.trial.phone'), value: cellText(row.phone) },
            { label: t('membership.points.balance'), value: balanceCell(row) },
          ]}
          actions={userActions(row)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="points-admin">
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          placeholder={t('membership.points.keyword')}
          style={{ width: mobile ? '100%' : 320 }}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => setFilter((f) => ({ ...f, pageNum: 1, keyword: value.trim() || undefined }))}
          enterButton={t('membership.admin.search')}
          data-testid="points-search"
        />
      </Flex>
      <Table<PointsUserRow>
        rowKey="userId"
        size="middle"
        columns={mobile ? phoneUserColumns : desktopUserColumns}
        showHeader={!mobile}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        pagination={adminPager(
          filter,
          users.data?.total,
          (next) => setFilter((f) => ({ ...f, ...next })),
          t,
          mobile,
        )}
      />
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        width="min(720px, 100vw)"
        title={viewing ? t('membership.points.ledgerOf', { name: viewing.userName || viewing.loginNo }) : ''}
        destroyOnHidden
      >
        <Flex vertical gap={12} data-testid="points-ledger">
          <Flex justify="space-between" align="end">
            <Statistic
              title={t('membership.points.balance')}
              value={viewing?.points ?? 0}
              groupSeparator=","
            />
            <Segmented<'all' | 'active'>
              value={activeOnly ? 'active' : 'all'}
              onChange={(value) => {
                setActiveOnly(value === 'active');
                setLedgerPage(ADMIN_FIRST_PAGE);
              }}
              options={[
                { value: 'all', label: t('membership.points.all') },
                { value: 'active', label: t('membership.points.active') },
              ]}
            />
          </Flex>
          <Table<PointsEntry>
            rowKey="id"
            size="small"
            columns={pointsLedgerColumns(t, mobile)}
            showHeader={!mobile}
            dataSource={ledger.data?.list ?? []}
            loading={ledger.isFetching}
            pagination={adminPager(ledgerPage, ledger.data?.total, setLedgerPage, t, mobile)}
          />
        </Flex>
      </Drawer>
      <Modal
        open={subtracting !== null}
        title={t('membership.points.subtract')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setSubtracting(null)}
        confirmLoading={submitting}
        forceRender
      >
        <Flex vertical gap={12} data-testid="dialog-points-subtract">
          <Typography.Text>
            {t('membership.points.subtractFrom', {
              name: subtracting?.userName || subtracting?.loginNo || '',
              points: pointsText(subtracting?.points ?? 0),
            })}
          </Typography.Text>
          <Form<SubtractForm>
            form={form}
            layout="vertical"
            onFinish={(values) => void submitSubtract(values)}
          >
            <Form.Item
              name="points"
              label={t('membership.points.amount')}
              rules={[
                { required: true, message: t('membership.points.amountRequired') },
                {
                  type: 'number',
                  min: 1,
                  max: subtracting?.points ?? 0,
                  message: t('membership.points.amountRange', { max: pointsText(subtracting?.points ?? 0) }),
                },
              ]}
            >
              <InputNumber
                precision={0}
                min={1}
                style={{ width: '100%' }}
                data-testid="points-subtract-amount"
              />
            </Form.Item>
            <Form.Item
              name="remark"
              label={t('membership.points.remark')}
              rules={[{ required: true, whitespace: true, message: t('membership.points.remarkRequired') }]}
            >
              <Input maxLength={200} showCount data-testid="points-subtract-remark" />
            </Form.Item>
          </Form>
        </Flex>
      </Modal>
    </Flex>
  );
}
