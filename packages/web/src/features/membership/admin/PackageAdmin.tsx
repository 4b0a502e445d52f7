import { PlusOutlined } from '@ant-design/icons';
import { PACKAGE_TYPES, type PackageType, PLAN_PERIODS, type VipPackage } from '@pvplan/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Select,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modifyVipStatus, saveVipPackage } from '../../../api/membership';
import { useIsMobile } from '../../../app/layout/useLayoutMode';
import { RowCard } from '../../../components/dialogs/RowCard';
import { MEMBERSHIP_QUERY_KEY, useVipList } from '../hooks';
import { areaText, discountLabelValue, discountValueFor } from '../packRules';
import { moneyText } from './adminTable';
import { type PackageFormValues as FormValues, packageFormOf, packageFormValuesOf } from './packageForm';

/** A quota figure with up to 4 decimals and grouped thousands (1,500 MW, 2.5 MW). */
function quotaText(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

/** The form's rows of fields: side by side on a desktop, wrapping on a phone. */
const FIELD_STYLE = { flex: '1 1 140px', minWidth: 0 } as const;

/**
 * Administrators' plans and packs (spec 001 §7: vip/getVipList, modifyStatus, saveOrUpdate): every
 * package of a type, on or off sale, with a switch and an edit form. Mounted by the
 * sales-management page salesManage/setMenu; `readOnly` (sales managers) shows the list without the
 * switch and the forms, which only administrators may use.
 */
export function PackageAdmin(props: { readonly readOnly?: boolean } = {}) {
  const readOnly = props.readOnly === true;
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [type, setType] = useState<PackageType>('membership');
  const [editing, setEditing] = useState<VipPackage | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const list = useVipList(type);
  const reload = () => client.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY });
  const [switching, setSwitching] = useState<number | null>(null);

  /** vip/modifyStatus: on sale (1) or off sale (0); the buyers' lists show only packages on sale. */
  const toggle = async (pack: VipPackage, onSale: boolean) => {
    setSwitching(pack.id);
    try {
      await modifyVipStatus(pack.id, onSale ? 1 : 0);
      void message.success(t(onSale ? 'membership.admin.putOnSale' : 'membership.admin.takenOffSale'));
      await reload();
    } catch {
      // The request layer has shown why; the switch keeps the server's state.
    } finally {
      setSwitching(null);
    }
  };

  const open = (pack: VipPackage | 'new') => {
    setEditing(pack);
    form.resetFields();
    if (pack !== 'new') {
      form.setFieldsValue(packageFormValuesOf(pack));
    }
  };

  /** A quota has at most 4 decimals (the API's precision), shown without padding zeros. */
  const quotaRule = {
    validator: (_: unknown, value: number | null | undefined) =>
      typeof value !== 'number' || Math.abs(value * 10_000 - Math.round(value * 10_000)) < 1e-6
        ? Promise.resolve()
        : Promise.reject(new Error(t('membership.admin.decimals4'))),
  };
  const discountRule = {
    validator: (_: unknown, value: number | null | undefined) =>
      typeof value !== 'number' || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
        ? Promise.resolve()
        : Promise.reject(new Error(t('membership.admin.decimals2'))),
  };

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const current = editing === 'new' || editing === null ? undefined : editing;
      await saveVipPackage(packageFormOf(type, values, current?.id, current?.status ?? 1));
      void message.success(t('membership.admin.saved'));
      setEditing(null);
      await reload();
    } catch {
      // The request layer has shown why.
    } finally {
      setSaving(false);
    }
  };

  const tierText = (pack: VipPackage) => t(pack.tier === 2 ? 'membership.tier.2' : 'membership.tier.1');
  const capacityText = (pack: VipPackage) =>
    t('membership.topUp.capacityAmount', { value: quotaText(pack.designCapacityMw) });
  const areaAmountText = (pack: VipPackage) =>
    t('membership.topUp.areaAmount', { value: areaText(pack.surveyAreaWanM2, i18n.language) });
  /** What a package grants: its capacity or area; a plan both. */
  const amountText = (pack: VipPackage) =>
    type === 'search_capacity'
      ? capacityText(pack)
      : type === 'survey_area'
        ? areaAmountText(pack)
        : `${capacityText(pack)} · ${areaAmountText(pack)}`;
  const discountTag = (pack: VipPackage) =>
    discountLabelValue(pack.discount) ? (
      <Tag color="red" style={{ marginInlineEnd: 0 }}>
        {t('membership.topUp.discount', { value: discountValueFor(pack.discount, i18n.language) })}
      </Tag>
    ) : null;
  const originalPrice = (pack: VipPackage) => moneyText(pack.totalPriceYuan);
  /** On sale or not: a switch for administrators, a plain tag for those who may only look. */
  const saleState = (pack: VipPackage) =>
    readOnly ? (
      <Tag color={pack.status === 1 ? 'success' : 'default'} data-testid={`package-status-${pack.id}`}>
        {t(pack.status === 1 ? 'membership.admin.onSaleState' : 'membership.admin.offSaleState')}
      </Tag>
    ) : (
      <Switch
        checked={pack.status === 1}
        loading={switching === pack.id}
        onChange={(checked) => void toggle(pack, checked)}
        data-testid={`package-status-${pack.id}`}
      />
    );
  const editButton = (pack: VipPackage) =>
    readOnly ? null : (
      <Button type="link" size="small" onClick={() => open(pack)}>
        {t('membership.admin.edit')}
      </Button>
    );

  const desktopColumns: TableColumnsType<VipPackage> = [
    { title: t('membership.admin.name'), dataIndex: 'vipName' },
    ...(type === 'membership'
      ? [
          {
            title: t('membership.admin.tier'),
            key: 'tier',
            render: (_: unknown, pack: VipPackage) => tierText(pack),
          },
          {
            title: t('membership.admin.memberDays'),
            dataIndex: 'memberDays',
            align: 'right' as const,
          },
        ]
      : []),
    {
      title: t('membership.admin.amount'),
      key: 'amount',
      align: 'right',
      render: (_: unknown, pack) => <span style={{ whiteSpace: 'nowrap' }}>{amountText(pack)}</span>,
    },
    {
      title: t('membership.admin.price'),
      key: 'price',
      align: 'right',
      render: (_: unknown, pack) => moneyText(pack.priceFen / 100),
    },
    {
      title: t('membership.admin.discount'),
      key: 'discount',
      align: 'center',
      render: (_: unknown, pack) => discountTag(pack) ?? '-',
    },
    {
      title: t('membership.admin.originalPrice'),
      key: 'original',
      align: 'right',
      render: (_: unknown, pack) => originalPrice(pack),
    },
    { title: t('membership.admin.sort'), dataIndex: 'sort', align: 'right', width: 100 },
    { title: t('membership.admin.onSale'), key: 'status', render: (_: unknown, pack) => saleState(pack) },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      hidden: readOnly,
      render: (_: unknown, pack) => editButton(pack),
    },
  ];
  // Phones: one card per package instead of a table wider than the screen.
  const phoneColumns: TableColumnsType<VipPackage> = [
    {
      key: 'card',
      render: (_: unknown, pack) => (
        <RowCard
          title={pack.vipName}
          tags={
            <>
              {discountTag(pack)}
              {saleState(pack)}
            </>
          }
          lines={[
            ...(type === 'membership'
              ? [
                  { label: t('membership.admin.tier'), value: tierText(pack) },
                  { label: t('membership.admin.memberDays'), value: pack.memberDays },
                ]
              : []),
            { label: t('membership.admin.amount'), value: amountText(pack) },
            { label: t('membership.admin.price'), value: moneyText(pack.priceFen / 100) },
            { label: t('membership.admin.originalPrice'), value: originalPrice(pack) },
            { label: t('membership.admin.sort'), value: pack.sort },
          ]}
          actions={editButton(pack)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="package-admin">
      <Flex justify="space-between" wrap gap={8}>
        <Segmented<PackageType>
          value={type}
          onChange={setType}
          options={PACKAGE_TYPES.map((value) => ({ value, label: t(`membership.admin.type.${value}`) }))}
        />
        {readOnly ? null : (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('membership.admin.new')}
          </Button>
        )}
      </Flex>
      <Table<VipPackage>
        rowKey="id"
        size="middle"
        columns={mobile ? phoneColumns : desktopColumns}
        showHeader={!mobile}
        dataSource={list.data ?? []}
        loading={list.isPending}
        pagination={false}
      />
      <Modal
        open={editing !== null}
        onCancel={() => setEditing(null)}
        title={editing === 'new' ? t('membership.admin.new') : t('membership.admin.editTitle')}
        onOk={() => form.submit()}
        confirmLoading={saving}
        width={560}
        forceRender
      >
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{
            tier: 1,
            period: 'month',
            memberDays: 30,
            instantDiscountYuan: 0,
            capacityMw: 0,
            areaWanM2: 0,
            sort: 0,
          }}
          onFinish={(values) => void save(values)}
        >
          <Form.Item
            name="vipName"
            label={t('membership.admin.name')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="vipNameEn" label={t('membership.admin.nameEn')}>
            <Input maxLength={64} />
          </Form.Item>
          {type === 'membership' ? (
            <Flex gap={12} wrap>
              <Form.Item name="tier" label={t('membership.admin.tier')} style={FIELD_STYLE}>
                <Select
                  options={[1, 2].map((value) => ({
                    value,
                    label: t(value === 2 ? 'membership.tier.2' : 'membership.tier.1'),
                  }))}
                />
              </Form.Item>
              <Form.Item name="period" label={t('membership.admin.period')} style={FIELD_STYLE}>
                <Select
                  options={PLAN_PERIODS.map((value) => ({
                    value,
                    label: t(`membership.admin.period.${value}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name="memberDays" label={t('membership.admin.memberDays')} style={FIELD_STYLE}>
                <InputNumber min={1} max={3660} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Flex>
          ) : null}
          <Flex gap={12} wrap>
            <Form.Item
              name="priceYuan"
              label={t('membership.admin.price')}
              rules={[{ required: true }]}
              style={FIELD_STYLE}
            >
              <InputNumber min={0.01} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="discount"
              label={t('membership.admin.discount')}
              tooltip={t('membership.admin.discountHint')}
              rules={[discountRule]}
              style={FIELD_STYLE}
            >
              <InputNumber min={0} max={10} step={1} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="instantDiscountYuan"
              label={t('membership.admin.instantDiscount')}
              style={FIELD_STYLE}
            >
              <InputNumber min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            {type === 'survey_area' ? null : (
              <Form.Item
                name="capacityMw"
                label={t('membership.admin.amountCapacity')}
                rules={[quotaRule]}
                style={FIELD_STYLE}
              >
                <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
              </Form.Item>
            )}
            {type === 'search_capacity' ? null : (
              <Form.Item
                name="areaWanM2"
                label={t('membership.admin.amountArea')}
                rules={[quotaRule]}
                style={FIELD_STYLE}
              >
                <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item name="sort" label={t('membership.admin.sort')} style={FIELD_STYLE}>
              <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="onceOnly"
              label={t('membership.page.onceOnly')}
              valuePropName="checked"
              style={FIELD_STYLE}
            >
              <Switch />
            </Form.Item>
          </Flex>
          <Form.Item name="featuresZh" label={t('membership.admin.featuresZh')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="featuresEn" label={t('membership.admin.featuresEn')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
