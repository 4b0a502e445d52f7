import { PlusOutlined } from '@ant-design/icons';
import type { StorageProductView } from '@pvplan/contract';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Flex,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../app/layout/useLayoutMode';
import { RowCard } from '../../../components/dialogs/RowCard';
import { dateTimeText } from '../../../utils/dateTime';
import { useDocumentTitle } from '../../../utils/useDocumentTitle';
import { HistoryModal } from './components/HistoryModal';
import { ProductDrawer, type ProductDrawerMode } from './components/ProductDrawer';
import { useAllStorageProducts, useStorageProductMutations } from './hooks';
import { groupedNumber, percentOfFraction as percent } from './productForm';

/**
 * System → 储能产品库 (menu view system/storageProducts/index; administrators): the storage products
 * the assessment offers (PVPlan issue 6; spec 001 §7 deviceManagement/getDeviceList). Every product
 * can be edited, copied, disabled and its history read; an edited built-in product (engine catalogue)
 * is tagged and can be restored to its built-in values; administrators' products can also be
 * deleted while no saved config or plan names them.
 */
export default function StorageProductsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  useDocumentTitle(t('devices.page.title'));
  const list = useAllStorageProducts();
  const { setEnabled, remove, restore } = useStorageProductMutations();
  const [drawer, setDrawer] = useState<ProductDrawerMode | null>(null);
  const [history, setHistory] = useState<StorageProductView | null>(null);
  const [showDisabled, setShowDisabled] = useState(true);
  const english = i18n.language === 'en';
  const mobile = useIsMobile();

  const rows = useMemo(
    () => (list.data ?? []).filter((product) => showDisabled || product.enabled),
    [list.data, showDisabled],
  );

  const toggle = async (product: StorageProductView, enabled: boolean) => {
    try {
      await setEnabled.mutateAsync({ id: product.id, enabled });
      void message.success(t(enabled ? 'devices.message.enabled' : 'devices.message.disabled'));
    } catch {
      // The request layer has shown why; the list is reloaded with the server's state.
    }
  };

  const del = async (product: StorageProductView) => {
    try {
      await remove.mutateAsync(product.id);
      void message.success(t('devices.message.deleted'));
    } catch {
      // The request layer has shown why (in use: disable it instead).
    }
  };

  const restoreBuiltin = async (product: StorageProductView) => {
    try {
      await restore.mutateAsync({ id: product.id, revision: product.revision });
      void message.success(t('devices.message.restored'));
    } catch {
      // The request layer has shown why (changed meanwhile: the list is reloaded).
    }
  };

  /** The built-in / custom / edited tags and the copyable id of a product. */
  const productTags = (product: StorageProductView) => (
    <Space size={6} wrap>
      <Tag color={product.builtin ? 'blue' : 'green'} style={{ marginInlineEnd: 0 }}>
        {t(product.builtin ? 'devices.tag.builtin' : 'devices.tag.custom')}
      </Tag>
      {product.builtinOverridden ? (
        <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid={`device-overridden-${product.id}`}>
          {t('devices.tag.overridden')}
        </Tag>
      ) : null}
      <Typography.Text type="secondary" copyable={{ text: product.id }}>
        {product.id}
      </Typography.Text>
    </Space>
  );
  const productName = (product: StorageProductView) => (english ? product.labelEn : product.labelZh);
  const ratingsText = (product: StorageProductView) =>
    `${groupedNumber(product.powerKw)} kW / ${groupedNumber(product.energyKwh)} kWh`;
  const hoursText = (product: StorageProductView) =>
    t('devices.value.hours', { hours: Math.round((product.energyKwh / product.powerKw) * 100) / 100 });
  const socText = (product: StorageProductView) =>
    `${percent(product.socMinFraction)}–${percent(product.socMaxFraction)}%`;
  const cyclesText = (product: StorageProductView) =>
    t('devices.value.cycles', { cycles: groupedNumber(product.cycleLifeAtRefDod) });
  const usedByText = (product: StorageProductView) =>
    t('devices.value.usedBy', { count: product.usedBy ?? 0 });
  const updatedBy = (product: StorageProductView) => product.updatedByName ?? t('devices.history.system');
  const enabledSwitch = (product: StorageProductView) => (
    <Switch
      checked={product.enabled}
      loading={setEnabled.isPending && setEnabled.variables?.id === product.id}
      onChange={(checked) => void toggle(product, checked)}
      data-testid={`device-enabled-${product.id}`}
    />
  );
  const actions = (product: StorageProductView) => (
    <Space size={0} wrap>
      <Button
        type="link"
        size="small"
        onClick={() => setDrawer({ kind: 'edit', product })}
        data-testid={`device-edit-${product.id}`}
      >
        {t('devices.action.edit')}
      </Button>
      <Button type="link" size="small" onClick={() => setDrawer({ kind: 'new', from: product })}>
        {t('devices.action.copy')}
      </Button>
      <Button type="link" size="small" onClick={() => setHistory(product)}>
        {t('devices.action.history')}
      </Button>
      {product.builtinOverridden ? (
        <Popconfirm title={t('devices.confirm.restore')} onConfirm={() => restoreBuiltin(product)}>
          <Button
            type="link"
            size="small"
            loading={restore.isPending && restore.variables?.id === product.id}
            data-testid={`device-restore-${product.id}`}
          >
            {t('devices.action.restore')}
          </Button>
        </Popconfirm>
      ) : null}
      {product.builtin ? null : (
        // A product saved configs name cannot go: the button says so (disable it instead).
        <Tooltip title={(product.usedBy ?? 0) > 0 ? t('devices.action.deleteInUse') : undefined}>
          <Popconfirm
            title={t('devices.confirm.delete')}
            disabled={(product.usedBy ?? 0) > 0}
            onConfirm={() => del(product)}
          >
            <Button type="link" size="small" danger disabled={(product.usedBy ?? 0) > 0}>
              {t('devices.action.delete')}
            </Button>
          </Popconfirm>
        </Tooltip>
      )}
    </Space>
  );

  const columns: TableColumnsType<StorageProductView> = [
    {
      title: t('devices.column.product'),
      key: 'product',
      width: 280,
      render: (_: unknown, product) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{productName(product)}</Typography.Text>
          {productTags(product)}
        </Flex>
      ),
    },
    {
      title: t('devices.column.kind'),
      key: 'kind',
      render: (_: unknown, product) => t(`devices.kind.${product.kind}`),
    },
    {
      title: t('devices.column.ratings'),
      key: 'ratings',
      align: 'right',
      render: (_: unknown, product) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{ratingsText(product)}</span>
          <Typography.Text type="secondary">{hoursText(product)}</Typography.Text>
        </Flex>
      ),
    },
    {
      // The round trip, and the SOC window below it: one column keeps the table within a laptop's width.
      title: t('devices.column.efficiencySoc'),
      key: 'efficiency',
      align: 'right',
      render: (_: unknown, product) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{`${percent(product.roundTripEfficiency)}%`}</span>
          <Typography.Text type="secondary">{`SOC ${socText(product)}`}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('devices.column.cycleLife'),
      key: 'cycles',
      align: 'right',
      render: (_: unknown, product) => cyclesText(product),
    },
    {
      title: t('devices.column.usedBy'),
      key: 'usedBy',
      align: 'right',
      render: (_: unknown, product) => usedByText(product),
    },
    {
      title: t('devices.column.updated'),
      key: 'updated',
      render: (_: unknown, product) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{dateTimeText(product.updatedAt)}</span>
          <Typography.Text type="secondary">{updatedBy(product)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('devices.column.enabled'),
      key: 'enabled',
      fixed: 'right',
      render: (_: unknown, product) => enabledSwitch(product),
    },
    {
      title: t('devices.column.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, product) => actions(product),
    },
  ];
  // Phones: one card per product instead of a table wider than the screen.
  const phoneColumns: TableColumnsType<StorageProductView> = [
    {
      key: 'card',
      render: (_: unknown, product) => (
        <RowCard
          title={productName(product)}
          tags={enabledSwitch(product)}
          lines={[
            { label: t('devices.field.id'), value: productTags(product) },
            { label: t('devices.column.kind'), value: t(`devices.kind.${product.kind}`) },
            { label: t('devices.column.ratings'), value: `${ratingsText(product)} · ${hoursText(product)}` },
            { label: t('devices.column.efficiency'), value: `${percent(product.roundTripEfficiency)}%` },
            { label: t('devices.column.soc'), value: socText(product) },
            { label: t('devices.column.cycleLife'), value: cyclesText(product) },
            { label: t('devices.column.usedBy'), value: usedByText(product) },
            {
              label: t('devices.column.updated'),
              value: `${dateTimeText(product.updatedAt)} · ${updatedBy(product)}`,
            },
          ]}
          actions={actions(product)}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="page-storage-products">
      <div>
        <Typography.Title level={3} style={{ marginBottom: 4 }}>
          {t('devices.page.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('devices.page.subtitle')}</Typography.Text>
      </div>
      {list.isError ? <Alert type="error" showIcon message={t('devices.page.loadFailed')} /> : null}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Checkbox checked={showDisabled} onChange={(event) => setShowDisabled(event.target.checked)}>
          {t('devices.page.showDisabled')}
        </Checkbox>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDrawer({ kind: 'new' })}
          data-testid="device-add"
        >
          {t('devices.page.add')}
        </Button>
      </Flex>
      <Table<StorageProductView>
        rowKey="id"
        size="middle"
        columns={mobile ? phoneColumns : columns}
        showHeader={!mobile}
        dataSource={rows}
        loading={list.isPending}
        pagination={false}
        scroll={mobile ? undefined : { x: 'max-content' }}
      />
      <ProductDrawer mode={drawer} onClose={() => setDrawer(null)} />
      <HistoryModal product={history} onClose={() => setHistory(null)} />
    </Flex>
  );
}
