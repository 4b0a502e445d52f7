import { PlusOutlined } from '@ant-design/icons';
import {
  fenToYuanText,
  PACKAGE_TYPES,
  type PackageType,
  PLAN_PERIODS,
  type VipPackage,
  yuanToFen,
} from '@pvplan/contract';
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
import { modifyVipStatus, saveVipPackage, type VipPackageForm } from '../../../api/membership';
import { MEMBERSHIP_QUERY_KEY, useVipList } from '../hooks';
import { areaText, discountLabelValue, discountValueFor } from '../packRules';

interface FormValues {
  readonly vipName: string;
  readonly vipNameEn?: string;
  readonly tier: number;
  readonly period?: 'trial' | 'month' | 'year';
  readonly memberDays: number;
  readonly priceYuan: number;
  readonly discount?: number | null;
  readonly instantDiscountYuan: number;
  readonly amount: number;
  readonly sort: number;
  readonly onceOnly: boolean;
  readonly featuresZh?: string;
  readonly featuresEn?: string;
}

function toForm(
  type: PackageType,
  values: FormValues,
  id: number | undefined,
  status: number,
): VipPackageForm {
  const zh = (values.featuresZh ?? '').split('\n').map((line) => line.trim());
  const en = (values.featuresEn ?? '').split('\n').map((line) => line.trim());
  const plan = type === 'membership';
  return {
    id,
    vipName: values.vipName,
    vipNameEn: values.vipNameEn,
    vipType: type,
    tier: plan ? values.tier : 0,
    period: plan ? (values.period ?? 'month') : null,
    memberDays: plan ? values.memberDays : 0,
    priceFen: yuanToFen(values.priceYuan) ?? 0,
    discount: values.discount ?? null,
    instantDiscountPriceFen: yuanToFen(values.instantDiscountYuan ?? 0) ?? 0,
    designCapacityMw: type === 'search_capacity' ? values.amount : 0,
    surveyAreaWanM2: type === 'survey_area' ? values.amount : 0,
    status,
    sort: values.sort ?? 0,
    onceOnly: values.onceOnly ? 1 : 0,
    features: zh.filter(Boolean).map((line, index) => ({ zh: line, en: en[index] ?? '' })),
  };
}

/**
 * Administrators' plans and packs (spec 001 §7: vip/getVipList, modifyStatus, saveOrUpdate): every
 * package of a type, on or off sale, with a switch and an edit form. Mounted by the
 * sales-management page salesManage/setMenu; `readOnly` (sales managers) shows the list without the
 * switch and the forms, which only administrators may use.
 */
export function PackageAdmin(props: { readonly readOnly?: boolean } = {}) {
  const readOnly = props.readOnly === true;
  const { t, i18n } = useTranslation();
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
      form.setFieldsValue({
        vipName: pack.vipName,
        vipNameEn: pack.vipNameEn,
        tier: pack.tier,
        period: pack.period ?? undefined,
        memberDays: pack.memberDays,
        priceYuan: pack.priceFen / 100,
        discount: pack.discount,
        instantDiscountYuan: pack.instantDiscountPriceFen / 100,
        amount: type === 'survey_area' ? pack.surveyAreaWanM2 : pack.designCapacityMw,
        sort: pack.sort,
        onceOnly: pack.onceOnly === 1,
        featuresZh: pack.featureTexts.map((line) => line.zh).join('\n'),
        featuresEn: pack.featureTexts.map((line) => line.en).join('\n'),
      });
    }
  };

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      const current = editing === 'new' || editing === null ? undefined : editing;
      await saveVipPackage(toForm(type, values, current?.id, current?.status ?? 1));
      void message.success(t('membership.admin.saved'));
      setEditing(null);
      await reload();
    } catch {
      // The request layer has shown why.
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<VipPackage> = [
    { title: t('membership.admin.name'), dataIndex: 'vipName' },
    ...(type === 'membership'
      ? [
          {
            title: t('membership.admin.tier'),
            key: 'tier',
            render: (_: unknown, pack: VipPackage) =>
              t(pack.tier === 2 ? 'membership.tier.2' : 'membership.tier.1'),
          },
          { title: t('membership.admin.memberDays'), dataIndex: 'memberDays' },
        ]
      : [
          {
            title: t('membership.admin.amount'),
            key: 'amount',
            render: (_: unknown, pack: VipPackage) =>
              type === 'search_capacity'
                ? t('membership.topUp.capacityAmount', { value: pack.designCapacityMw })
                : t('membership.topUp.areaAmount', { value: areaText(pack.surveyAreaWanM2, i18n.language) }),
          },
        ]),
    {
      title: t('membership.admin.price'),
      key: 'price',
      align: 'right',
      render: (_: unknown, pack) => `¥${fenToYuanText(pack.priceFen)}`,
    },
    {
      title: t('membership.admin.discount'),
      key: 'discount',
      render: (_: unknown, pack) => {
        const label = discountLabelValue(pack.discount);
        return label ? (
          <Tag color="red">
            {t('membership.topUp.discount', { value: discountValueFor(pack.discount, i18n.language) })}
          </Tag>
        ) : (
          '-'
        );
      },
    },
    {
      title: t('membership.admin.originalPrice'),
      key: 'original',
      align: 'right',
      render: (_: unknown, pack) =>
        pack.totalPriceYuan === null ? '-' : `¥${pack.totalPriceYuan.toFixed(2)}`,
    },
    { title: t('membership.admin.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('membership.admin.onSale'),
      key: 'status',
      render: (_: unknown, pack) => (
        <Switch
          checked={pack.status === 1}
          loading={switching === pack.id}
          disabled={readOnly}
          onChange={(checked) => void toggle(pack, checked)}
          data-testid={`package-status-${pack.id}`}
        />
      ),
    },
    {
      title: t('dialogs.common.actions'),
      key: 'actions',
      hidden: readOnly,
      render: (_: unknown, pack) => (
        <Button type="link" size="small" onClick={() => open(pack)}>
          {t('membership.admin.edit')}
        </Button>
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
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isPending}
        pagination={false}
      />
      <Modal
        open={editing !== null}
        onCancel={() => setEditing(null)}
        title={editing === 'new' ? t('membership.admin.new') : t('membership.admin.edit')}
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
            amount: 0,
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
            <Flex gap={12}>
              <Form.Item name="tier" label={t('membership.admin.tier')} style={{ flex: 1 }}>
                <Select
                  options={[1, 2].map((value) => ({
                    value,
                    label: t(value === 2 ? 'membership.tier.2' : 'membership.tier.1'),
                  }))}
                />
              </Form.Item>
              <Form.Item name="period" label={t('membership.admin.period')} style={{ flex: 1 }}>
                <Select
                  options={PLAN_PERIODS.map((value) => ({
                    value,
                    label: t(`membership.admin.period.${value}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name="memberDays" label={t('membership.admin.memberDays')} style={{ flex: 1 }}>
                <InputNumber min={1} max={3660} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Flex>
          ) : null}
          <Flex gap={12}>
            <Form.Item
              name="priceYuan"
              label={t('membership.admin.price')}
              rules={[{ required: true }]}
              style={{ flex: 1 }}
            >
              <InputNumber min={0.01} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="discount" label={t('membership.admin.discount')} style={{ flex: 1 }}>
              <InputNumber min={0} max={10} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="instantDiscountYuan"
              label={t('membership.admin.instantDiscount')}
              style={{ flex: 1 }}
            >
              <InputNumber min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item
              name="amount"
              label={
                type === 'survey_area'
                  ? t('membership.admin.amountArea')
                  : t('membership.admin.amountCapacity')
              }
              style={{ flex: 1 }}
            >
              <InputNumber min={0} max={1_000_000} precision={4} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="sort" label={t('membership.admin.sort')} style={{ flex: 1 }}>
              <InputNumber min={0} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="onceOnly"
              label={t('membership.page.onceOnly')}
              valuePropName="checked"
              style={{ flex: 1 }}
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
