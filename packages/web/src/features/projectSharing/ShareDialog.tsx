import { type ProjectPermission, SHARE_LOOKUP_LIMIT, type ShareUserCandidate } from '@pvplan/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findShareUser, getProjectAuthority, setProjectAuthority } from '../../api/projectSharing';
import { ApiError } from '../../api/request';
import { toast } from '../../utils/feedback';
import { normalisePhone, phoneError, sortedMembers } from './sharing';

/** The TanStack Query key prefix of the sharing queries. */
export const SHARING_QUERY_KEY = ['projectSharing'] as const;

export interface ShareDialogProps {
  /** The projects to share (the caller owns them); the dialog is open while this is not empty. */
  readonly projects: readonly { readonly projId: string; readonly projName: string }[];
  readonly onClose: () => void;
}

/**
 * Shares projects with another user (early/batchSetAuthority): the user is found by mobile number
 * (early/getShareUserByPhone, which answers the masked name and number and allows a limited number
 * of look-ups an hour; its refusal is shown under the field) and given view or edit access. On one project the dialog also lists
 * who has access (early/refreshAuthority), where the access can be changed or revoked.
 */
export function ShareDialog({ projects, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = projects.length > 0;
  const single = projects.length === 1 ? projects[0] : undefined;
  const projIds = projects.map((project) => project.projId);
  const [phone, setPhone] = useState('');
  const [permission, setPermission] = useState<ProjectPermission>('view');
  // The account found and the number it was found by (the answer's number is masked).
  const [candidate, setCandidate] = useState<(ShareUserCandidate & { lookedUp: string }) | null>(null);
  const [phoneMessage, setPhoneMessage] = useState<string | null>(null);
  const openKey = projIds.join(',');

  // A new opening starts empty.
  useEffect(() => {
    if (openKey === '') return;
    setPhone('');
    setPermission('view');
    setCandidate(null);
    setPhoneMessage(null);
  }, [openKey]);

  const authorityKey = [...SHARING_QUERY_KEY, 'authority', single?.projId ?? null];
  const authority = useQuery({
    queryKey: authorityKey,
    queryFn: ({ signal }) => getProjectAuthority(single?.projId as string, signal),
    enabled: single !== undefined,
    staleTime: 0,
  });
  const refreshMembers = () => queryClient.invalidateQueries({ queryKey: authorityKey });

  const lookUp = async (): Promise<ShareUserCandidate | null> => {
    const problem = phoneError(phone);
    if (problem) {
      setPhoneMessage(
        t(
          problem === 'required'
            ? 'projectSharing.dialog.phoneRequired'
            : 'projectSharing.dialog.phoneFormat',
        ),
      );
      return null;
    }
    const wanted = normalisePhone(phone);
    if (candidate?.lookedUp === wanted) return candidate;
    try {
      const found = await findShareUser(projIds[0] as string, wanted);
      setCandidate({ ...found, lookedUp: wanted });
      setPhoneMessage(null);
      return found;
    } catch (error) {
      setCandidate(null);
      setPhoneMessage(error instanceof ApiError ? error.message : String(error));
      return null;
    }
  };

  const find = useMutation({ mutationFn: lookUp });
  const share = useMutation({
    mutationFn: async () => {
      const user = await lookUp();
      if (!user) return null;
      await setProjectAuthority({ projIds, userIds: [user.userId], permission, revoke: false });
      return user;
    },
    onSuccess: (user) => {
      if (!user) return;
      toast('success', t('projectSharing.dialog.shared', { name: user.userName }));
      setPhone('');
      setCandidate(null);
      void refreshMembers();
    },
  });
  const change = useMutation({
    mutationFn: async (member: {
      userId: number;
      userName: string;
      permission: ProjectPermission | null;
    }) => {
      await setProjectAuthority({
        projIds,
        userIds: [member.userId],
        permission: member.permission ?? 'view',
        revoke: member.permission === null,
      });
      return member;
    },
    onSuccess: (member) => {
      toast(
        'success',
        member.permission === null
          ? t('projectSharing.dialog.revoked', { name: member.userName })
          : t('projectSharing.dialog.changed', {
              name: member.userName,
              permission: t(`projectSharing.permission.${member.permission}`),
            }),
      );
      void refreshMembers();
    },
  });

  const permissionOptions = (['view', 'edit'] as const).map((value) => ({
    value,
    label: t(`projectSharing.permission.${value}`),
  }));
  const members = sortedMembers(authority.data?.members ?? []);

  return (
    <Modal
      open={open}
      title={
        single
          ? t('projectSharing.dialog.title')
          : t('projectSharing.dialog.titleMany', { count: projects.length })
      }
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="share-close">
          {t('projectSharing.dialog.close')}
        </Button>
      }
      destroyOnHidden
      data-testid="share-dialog"
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Typography.Text type="secondary">{t('projectSharing.dialog.projects')}</Typography.Text>
          {projects.map((project) => (
            <Tag key={project.projId}>{project.projName}</Tag>
          ))}
        </div>
        <Form layout="vertical" onFinish={() => share.mutate()}>
          <Form.Item
            label={t('projectSharing.dialog.phone')}
            extra={
              <span data-testid="share-lookup-hint">
                {t('projectSharing.dialog.lookupHint', { max: SHARE_LOOKUP_LIMIT.maxLookups })}
              </span>
            }
            validateStatus={phoneMessage ? 'error' : undefined}
            help={
              phoneMessage ? (
                <span data-testid="share-phone-error">{phoneMessage}</span>
              ) : candidate ? (
                <span data-testid="share-found">
                  {t('projectSharing.dialog.found', { name: candidate.userName, phone: candidate.phone })}
                </span>
              ) : undefined
            }
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={phone}
                maxLength={20}
                inputMode="tel"
                placeholder={t('projectSharing.dialog.phonePlaceholder')}
                onChange={(event) => {
                  setPhone(event.target.value);
                  setPhoneMessage(null);
                  if (candidate && candidate.lookedUp !== normalisePhone(event.target.value))
                    setCandidate(null);
                }}
                data-testid="share-phone"
              />
              <Button loading={find.isPending} onClick={() => find.mutate()} data-testid="share-find">
                {t('projectSharing.dialog.find')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('projectSharing.dialog.permission')}>
            <Radio.Group
              value={permission}
              onChange={(event) => setPermission(event.target.value as ProjectPermission)}
            >
              {permissionOptions.map((option) => (
                <Radio
                  key={option.value}
                  value={option.value}
                  data-testid={`share-permission-${option.value}`}
                >
                  {option.label}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={share.isPending} data-testid="share-submit">
            {t('projectSharing.dialog.submit')}
          </Button>
        </Form>
        {single ? (
          <div data-testid="share-members">
            <Typography.Title level={5}>{t('projectSharing.dialog.members')}</Typography.Title>
            {members.length === 0 && !authority.isLoading ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('projectSharing.dialog.noMembers')}
              />
            ) : (
              <List
                size="small"
                loading={authority.isLoading}
                dataSource={members}
                renderItem={(member) => (
                  <List.Item
                    data-testid={`share-member-${member.userId}`}
                    actions={[
                      <Select<ProjectPermission>
                        key="permission"
                        size="small"
                        style={{ width: 110 }}
                        value={member.permission}
                        options={permissionOptions}
                        disabled={change.isPending}
                        onChange={(value) => change.mutate({ ...member, permission: value })}
                        data-testid={`share-member-permission-${member.userId}`}
                      />,
                      <Popconfirm
                        key="revoke"
                        title={t('projectSharing.dialog.revokeConfirm', { name: member.userName })}
                        onConfirm={() => change.mutate({ ...member, permission: null })}
                      >
                        <Button size="small" danger type="link" data-testid={`share-revoke-${member.userId}`}>
                          {t('projectSharing.dialog.revoke')}
                        </Button>
                      </Popconfirm>,
                    ]}
                  >
                    <span>{member.userName}</span>
                  </List.Item>
                )}
              />
            )}
          </div>
        ) : (
          <Alert type="info" showIcon message={t('projectSharing.dialog.membersMany')} />
        )}
      </Space>
    </Modal>
  );
}
