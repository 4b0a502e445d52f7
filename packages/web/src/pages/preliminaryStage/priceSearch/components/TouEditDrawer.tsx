import { PRICE_USER_CATEGORIES, type TouConfigView, type TouScope } from '@pvplan/contract';
import { App, Button, DatePicker, Drawer, Flex, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../../app/layout/useLayoutMode';
import {
  overridesValid,
  type TouOverride,
  TouOverridesEditor,
  type TouTable,
  TouTableEditor,
  uniformTouTable,
} from '../../../../features/tou';
import { useSaveTou } from '../hooks';

export interface TouEditDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly areaCode: string;
  readonly areaName: string;
  /** The table shown now; the editor starts from it. */
  readonly tou: TouConfigView | null;
  /** `YYYY-MM` proposed as the effective month. */
  readonly defaultMonth: string;
}

interface FormValues {
  readonly effectiveMonth: Dayjs;
  readonly userCategory: TouScope;
  readonly sourceTitle: string;
  readonly sourceUrl?: string;
  readonly note?: string;
}

/**
 * Administrators: save the area's TOU table and its calendar rules as a new revision (the history
 * keeps the old ones).
 */
export function TouEditDrawer({ open, onClose, areaCode, areaName, tou, defaultMonth }: TouEditDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [table, setTable] = useState<TouTable>(() => tou?.rawSlots ?? uniformTouTable());
  const [overrides, setOverrides] = useState<TouOverride[]>(() => [...(tou?.overrides ?? [])]);
  const save = useSaveTou();
  const mobile = useIsMobile();
  // A phone: the fields one under another, as wide as the drawer.
  const width = (desktopPx: number) => (mobile ? '100%' : desktopPx);

  const submit = async () => {
    const values = await form.validateFields();
    const saved = await save.mutateAsync({
      areaCode,
      effectiveMonth: values.effectiveMonth.format('YYYY-MM'),
      userCategory: values.userCategory,
      slots: table,
      overrides: overrides.map((rule) => ({ ...rule, label: rule.label.trim() })),
      sourceTitle: values.sourceTitle.trim(),
      ...(values.sourceUrl?.trim() ? { sourceUrl: values.sourceUrl.trim() } : {}),
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
    });
    void message.success(t('pages.priceSearch.saved', { revision: saved.revision }));
    onClose();
  };

  const required = (field: string) => [
    { required: true, message: t('pages.priceSearch.required', { field }) },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(1280px, 96vw)"
      title={t('pages.priceSearch.editTitle', { area: areaName })}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          loading={save.isPending}
          disabled={!overridesValid(overrides)}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('pages.priceSearch.save')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Form<FormValues>
          form={form}
          layout={mobile ? 'vertical' : 'inline'}
          initialValues={{
            effectiveMonth: dayjs(`${defaultMonth}-01`),
            userCategory: tou?.userCategory ?? 'all',
            sourceTitle: '',
          }}
        >
          <Form.Item
            name="effectiveMonth"
            label={t('pages.priceSearch.effectiveMonth')}
            rules={required(t('pages.priceSearch.effectiveMonth'))}
          >
            <DatePicker picker="month" allowClear={false} style={{ width: width(140) }} />
          </Form.Item>
          <Form.Item name="userCategory" label={t('pages.priceSearch.scope')}>
            <Select
              style={{ width: width(220) }}
              options={[
                { value: 'all', label: t('pages.priceSearch.scope.all') },
                ...PRICE_USER_CATEGORIES.map((category) => ({
                  value: category,
                  label: t(
                    `pages.priceSearch.category.${category}` as 'pages.priceSearch.category.general_ci',
                  ),
                })),
              ]}
            />
          </Form.Item>
          <Form.Item
            name="sourceTitle"
            label={t('pages.priceSearch.sourceTitle')}
            rules={required(t('pages.priceSearch.sourceTitle'))}
          >
            <Input style={{ width: width(320) }} maxLength={300} />
          </Form.Item>
          <Form.Item
            name="sourceUrl"
            label={t('pages.priceSearch.sourceUrl')}
            rules={[{ type: 'url', message: t('pages.priceSearch.sourceUrlInvalid') }]}
          >
            <Input style={{ width: width(320) }} maxLength={500} />
          </Form.Item>
          <Form.Item name="note" label={t('pages.priceSearch.note')}>
            <Input.TextArea style={{ width: width(480) }} autoSize maxLength={2000} />
          </Form.Item>
        </Form>
        <TouTableEditor value={table} onChange={setTable} />
        <TouOverridesEditor value={overrides} onChange={setOverrides} />
      </Flex>
    </Drawer>
  );
}
