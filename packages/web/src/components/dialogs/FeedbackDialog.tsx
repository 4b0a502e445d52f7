import { PlusOutlined } from '@ant-design/icons';
import { FEEDBACK_MAX_FILES, FEEDBACK_TEXT_MAX_CHARS } from '@pvplan/contract';
import { App, Form, Input, Modal, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitFeedback, type UploadedFile, uploadFeedbackFile } from '../../api/account';
import { attachmentSelection, isAttachmentTooLarge } from '../../utils/validation/feedbackRules';
import { useFormSubmitGuard } from '../../utils/validation/useFormSubmitGuard';
import { useValidation } from '../../utils/validation/useValidation';
import type { DialogProps } from './types';
import { useDialogUser } from './useDialogUser';

/** Image types the server stores as feedback attachments (it checks the bytes, too). */
export const FEEDBACK_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
] as const;

interface FeedbackValues {
  readonly contact: string;
  readonly suggestions: string;
}

const countCharacters = (text: string) => [...text].length;

/**
 * Feedback (spec 000 §5, 001 §5): contact (an 11-digit mobile number starting with 1, prefilled
 * with the user's phone), text of 6 to 200 characters and up to 5 images under 50 MB each. The
 * images are uploaded on submit (early/uploadOssFile), then the feedback is posted
 * (feedback/insertFeedback); success shows 反馈意见提交成功 and closes.
 */
export function FeedbackDialog(props: DialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useDialogUser();
  const rules = useValidation().feedback();
  const [form] = Form.useForm<FeedbackValues>();
  const submit = useFormSubmitGuard(form);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [submitting, setSubmitting] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const index = batch.indexOf(file);
    const selection = attachmentSelection(files.length, batch.length);
    if (selection.overLimit && index === 0) {
      void message.warning(
        t('validation.feedback.tooManyFiles', {
          max: FEEDBACK_MAX_FILES,
          selected: batch.length,
          attached: files.length,
        }),
      );
    }
    if (index >= selection.accepted) return Upload.LIST_IGNORE;
    if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('validation.feedback.imageOnly'));
      return Upload.LIST_IGNORE;
    }
    if (isAttachmentTooLarge(file.size)) {
      void message.error(t('validation.feedback.fileTooLarge'));
      return Upload.LIST_IGNORE;
    }
    // Kept in the list; uploaded when the feedback is submitted.
    return false;
  };

  // The form is destroyed when hidden, so it opens empty (contact prefilled) every time.
  const close = () => {
    if (submitting) return;
    setFiles([]);
    props.onClose();
  };

  const send = async (values: FeedbackValues) => {
    if (!user) return;
    setSubmitting(true);
    try {
      const imgs: UploadedFile[] = [];
      for (const file of files) {
        if (file.originFileObj) imgs.push(await uploadFeedbackFile(file.originFileObj, user.id));
      }
      await submitFeedback({
        inserter: user.userName,
        inserterUserId: user.id,
        contact: values.contact.trim(),
        suggestions: values.suggestions.trim(),
        imgs,
      });
      void message.success(t('dialogs.feedback.submitted'));
      setFiles([]);
      props.onClose();
    } catch {
      // The request layer has shown the server's message; the form stays for another try.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={props.open}
      onCancel={close}
      title={t('dialogs.feedback.title')}
      okText={t('dialogs.feedback.submit')}
      cancelText={t('common.cancel')}
      onOk={() => void submit(send)}
      confirmLoading={submitting}
      okButtonProps={{ disabled: !user, ...({ 'data-testid': 'feedback-submit' } as object) }}
      width={560}
      destroyOnHidden
    >
      <Form<FeedbackValues>
        form={form}
        layout="vertical"
        initialValues={{ contact: user?.phone ?? '', suggestions: '' }}
        data-testid="dialog-feedback"
        preserve={false}
      >
        <Form.Item name="contact" label={t('dialogs.feedback.contact')} rules={rules.contact} required>
          <Input
            placeholder={t('dialogs.feedback.contact.placeholder')}
            maxLength={11}
            inputMode="tel"
            autoComplete="tel"
            data-testid="feedback-contact"
          />
        </Form.Item>
        <Form.Item name="suggestions" label={t('dialogs.feedback.text')} rules={rules.suggestions} required>
          <Input.TextArea
            placeholder={t('dialogs.feedback.text.placeholder')}
            autoSize={{ minRows: 4, maxRows: 8 }}
            count={{
              show: true,
              max: FEEDBACK_TEXT_MAX_CHARS,
              strategy: countCharacters,
              exceedFormatter: (text, { max }) => [...text].slice(0, max).join(''),
            }}
            data-testid="feedback-text"
          />
        </Form.Item>
        <Form.Item
          label={t('dialogs.feedback.attachments')}
          extra={
            <Typography.Text type="secondary">
              {t('dialogs.feedback.attachments.hint', { max: FEEDBACK_MAX_FILES })}
            </Typography.Text>
          }
        >
          <Upload
            listType="picture-card"
            accept={FEEDBACK_IMAGE_TYPES.join(',')}
            multiple
            fileList={files}
            beforeUpload={beforeUpload}
            onChange={({ fileList }) => setFiles(fileList.slice(0, FEEDBACK_MAX_FILES))}
          >
            {files.length < FEEDBACK_MAX_FILES ? (
              <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
                <PlusOutlined />
                <div style={{ marginTop: 8 }}>{t('dialogs.feedback.addImage')}</div>
              </button>
            ) : null}
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
