import { POINTS_SOURCES, type PointsEntry, type PointsUserRow, type PointsUsersBody } from '@pvplan/contract';
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
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPointsLedger, searchPointsUsers, subtractPoints } from '../../../api/membership';
import { cellText, formatDateTime } from '../../../components/dialogs/format';
import { FIRST_PAGE, type PageState, pagerOf } from '../../../components/dialogs/paging';

const QUERY_KEY = ['membership', 'admin', 'points'] as const;

/** The label key of a ledger entry's source; anything unknown reads as "activity". */
function sourceKey(source: string) {
  const known = (POINTS_SOURCES as readonly string[]).includes(source) ? source : 'activity';
  return `membership.points.source.${known as (typeof POINTS_SOURCES)[number]}` as const;
}

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
  const [filter, setFilter] = useState<PointsUsersBody>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [viewing, setViewing] = useState<PointsUserRow | null>(null);
  const [ledgerPage, setLedgerPage] = useState<PageState>(FIRST_PAGE);
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
    setLedgerPage(FIRST_PAGE);
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
      void message.success(t('membership.points.subtracted', { points: balance.points }));
      setSubtracting(null);
      if (viewing?.userId === balance.userId) setViewing({ ...viewing, points: balance.points });
      await client.invalidateQueries({ queryKey: QUERY_KEY });
    } catch {
      // The request layer has shown why (e.g. 积分不足).
    } finally {
      setSubmitting(false);
    }
  };

  const userColumns: TableColumnsType<PointsUserRow> = [
    { title: t('membership.points.userName'), dataIndex: 'userName' },
    { title: t('membership.points.loginNo'), dataIndex: 'loginNo' },
    {
      title: t('membership.trial.phone'),
      dataIndex: 'phone',
      render: cellText,
    },
    {
      title: t('membership.points.balance'),
      dataIndex: 'points',
      align: 'right',
      render: (points: number, row) => <span data-testid={`points-balance-${row.userId}`}>{points}</span>,
    },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            onClick={() => openLedger(row)}
            data-testid={`points-ledger-${row.userId}`}
          >
            {t('membership.points.ledger')}
          </Button>
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
        </Flex>
      ),
    },
  ];

  const ledgerColumns: TableColumnsType<PointsEntry> = [
    { title: t('membership.points.time'), dataIndex: 'createTime', render: formatDateTime },
    {
      title: t('membership.points.change'),
      dataIndex: 'points',
      align: 'right',
      render: (points: number) => (
        <Typography.Text type={points < 0 ? 'danger' : 'success'}>
          {points > 0 ? `+${points}` : points}
        </Typography.Text>
      ),
    },
    {
      title: t('membership.points.source'),
      dataIndex: 'source',
      render: (source: string) => <Tag>{t(sourceKey(source))}</Tag>,
    },
    { title: t('membership.points.remark'), dataIndex: 'remark' },
  ];

  return (
    <Flex vertical gap={12} data-testid="points-admin">
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          placeholder={t('membership.points.keyword')}
          style={{ width: 320 }}
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
        columns={userColumns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        pagination={pagerOf(filter, users.data?.total, (next) => setFilter((f) => ({ ...f, ...next })))}
      />
      <Drawer
        open={viewing !== null}
        onClose={() => setViewing(null)}
        width={720}
        title={viewing ? t('membership.points.ledgerOf', { name: viewing.userName || viewing.loginNo }) : ''}
        destroyOnHidden
      >
        <Flex vertical gap={12} data-testid="points-ledger">
          <Flex justify="space-between" align="end">
            <Statistic title={t('membership.points.balance')} value={viewing?.points ?? 0} />
            <Segmented<'all' | 'active'>
              value={activeOnly ? 'active' : 'all'}
              onChange={(value) => {
                setActiveOnly(value === 'active');
                setLedgerPage(FIRST_PAGE);
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
            columns={ledgerColumns}
            dataSource={ledger.data?.list ?? []}
            loading={ledger.isFetching}
            pagination={pagerOf(ledgerPage, ledger.data?.total, setLedgerPage)}
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
              points: subtracting?.points ?? 0,
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
                  message: t('membership.points.amountRange', { max: subtracting?.points ?? 0 }),
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
