import { STORAGE_PRODUCT_KINDS, type StorageProductView, storageProductSchema } from '@pvplan/contract';
import { Alert, App, Button, Col, Divider, Drawer, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/request';
import type { MessageKey } from '../../../../locales/resources';
import { useStorageProductMutations } from '../hooks';
import {
  formOfProduct,
  NEW_PRODUCT_VALUES,
  type ProductFormField,
  type ProductFormValues,
  productFieldMessage,
  productFormErrors,
  productOfForm,
  productValueParams,
} from '../productForm';

/** What the drawer shows: a new product (blank or copied), or a product to edit (built-in ones too). */
export type ProductDrawerMode =
  | { readonly kind: 'new'; readonly from?: StorageProductView }
  | { readonly kind: 'edit'; readonly product: StorageProductView };

export interface ProductDrawerProps {
  readonly mode: ProductDrawerMode | null;
  readonly onClose: () => void;
}

/** The numeric inputs of the form. */
type NumberField =
  | 'powerKw'
  | 'energyKwh'
  | 'roundTripEfficiencyPercent'
  | 'socMinPercent'
  | 'socMaxPercent'
  | 'auxiliaryKw'
  | 'maxCRate'
  | 'cycleLifeAtRefDod'
  | 'refDodPercent'
  | 'endOfLifeSohPercent'
  | 'calendarFadePercentPerYear';

/**
 * The add / edit drawer of a storage product; the checks are the server's, on each field. Editing a
 * built-in product says that the values replace the built-in ones until restored, and shows the
 * built-in values when they differ.
 */
export function ProductDrawer({ mode, onClose }: ProductDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductFormValues>();
  const { save } = useStorageProductMutations();
  const creating = mode?.kind === 'new';
  const builtin = mode?.kind === 'edit' && mode.product.builtin ? mode.product : null;

  useEffect(() => {
    if (!mode) return;
    form.resetFields();
    if (mode.kind === 'new') {
      form.setFieldsValue(
        mode.from
          ? { ...formOfProduct(mode.from), id: `${mode.from.id}-copy`, source: '' }
          : NEW_PRODUCT_VALUES,
      );
    } else {
      form.setFieldsValue(formOfProduct(mode.product));
    }
  }, [mode, form]);

  const translate = (key: MessageKey) => t(key);
  /** The server's check of one field, on the whole form (the SOC pair depends on both values). */
  const fieldRule = (field: ProductFormField) => ({
    validator: () => {
      const key = productFieldMessage(form.getFieldsValue(true) as ProductFormValues, field);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  const submit = async (values: ProductFormValues) => {
    if (!mode) return;
    const errors = productFormErrors(values, translate);
    if (errors.length > 0) {
      form.setFields(errors);
      return;
    }
    const product = storageProductSchema.parse(productOfForm(values));
    try {
      await save.mutateAsync({
        product,
        create: creating,
        revision: mode.kind === 'edit' ? mode.product.revision : undefined,
      });
      void message.success(t('devices.message.saved'));
      onClose();
    } catch (error) {
      const err = error instanceof ApiError ? (error.body as { err?: string } | undefined)?.err : undefined;
      const text = error instanceof Error ? error.message : String(error);
      if (err === 'ERR_DEVICE_ID_TAKEN') form.setFields([{ name: 'id', errors: [text] }]);
      else void message.error(text);
    }
  };

  const numberItem = (field: NumberField, extra: { dependencies?: NumberField[] } = {}) => {
    return (
      <Form.Item
        name={field}
        label={t(`devices.field.${field}`)}
        required
        rules={[fieldRule(field)]}
        dependencies={extra.dependencies}
      >
        {/* No min/max: a value out of range is shown with its message rather than silently clamped. */}
        <InputNumber style={{ width: '100%' }} data-testid={`device-field-${field}`} />
      </Form.Item>
    );
  };

  const power = Form.useWatch('powerKw', form);
  const energy = Form.useWatch('energyKwh', form);
  const cRate = Form.useWatch('maxCRate', form);
  const limitKw =
    typeof energy === 'number' && typeof cRate === 'number' && energy > 0 && cRate > 0
      ? energy * cRate
      : null;
  const powerClipped = limitKw !== null && typeof power === 'number' && power > limitKw + 1e-9;

  const title =
    mode?.kind === 'new'
      ? t('devices.drawer.new')
      : builtin
        ? t('devices.drawer.editBuiltin')
        : t('devices.drawer.edit');
  const defaults = builtin?.builtinOverridden ? builtin.builtinValues : undefined;

  return (
    <Drawer
      open={mode !== null}
      onClose={onClose}
      width="min(720px, 96vw)"
      title={title}
      forceRender
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('devices.drawer.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="device-save"
          >
            {t('devices.drawer.save')}
          </Button>
        </Flex>
      }
      data-testid="device-drawer"
    >
      {builtin ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('devices.drawer.builtinNotice')}
          description={
            defaults
              ? t('devices.drawer.builtinValues', {
                  values: t('devices.history.values', productValueParams(defaults)),
                })
              : undefined
          }
          data-testid="device-builtin-notice"
        />
      ) : null}
      <Form<ProductFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Divider orientation="left" plain>
          {t('devices.section.identity')}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="id"
              label={t('devices.field.id')}
              extra={creating ? t('devices.field.idHint') : undefined}
              required
              rules={[fieldRule('id')]}
            >
              <Input maxLength={64} disabled={!creating} data-testid="device-field-id" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="kind" label={t('devices.field.kind')} required rules={[fieldRule('kind')]}>
              <Select
                options={STORAGE_PRODUCT_KINDS.map((value) => ({ value, label: t(`devices.kind.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="labelZh"
              label={t('devices.field.labelZh')}
              required
              rules={[fieldRule('labelZh')]}
            >
              <Input maxLength={100} data-testid="device-field-labelZh" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="labelEn"
              label={t('devices.field.labelEn')}
              required
              rules={[fieldRule('labelEn')]}
            >
              <Input maxLength={100} data-testid="device-field-labelEn" />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left" plain>
          {t('devices.section.ratings')}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            {numberItem('powerKw')}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('energyKwh')}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('maxCRate')}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('roundTripEfficiencyPercent')}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('socMinPercent', { dependencies: ['socMaxPercent'] })}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('socMaxPercent', { dependencies: ['socMinPercent'] })}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('auxiliaryKw')}
          </Col>
        </Row>
        {powerClipped && limitKw !== null ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('devices.drawer.crateNotice', {
              powerKw: power,
              cRate,
              energyKwh: energy,
              limitKw: Math.round(limitKw * 100) / 100,
            })}
          />
        ) : null}
        <Divider orientation="left" plain>
          {t('devices.section.ageing')}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            {numberItem('cycleLifeAtRefDod')}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('refDodPercent')}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('endOfLifeSohPercent')}
          </Col>
          <Col xs={24} sm={12}>
            {numberItem('calendarFadePercentPerYear')}
          </Col>
        </Row>
        <Form.Item name="source" label={t('devices.field.source')} rules={[fieldRule('source')]}>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={300}
            placeholder={t('devices.field.sourcePlaceholder')}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
