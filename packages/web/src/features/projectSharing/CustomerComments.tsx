import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCustomerComment, getCustomerComments } from '../../api/projectSharing';
import { toast } from '../../utils/feedback';
import { SHARING_QUERY_KEY } from './ShareDialog';
import { COMMENT_MAX_LENGTH, commentError, formatCommentTime } from './sharing';

const PAGE_SIZE = 10;

/**
 * The customer comments of a project (客户沟通记录; early/getCustomerComments, newest first, with
 * author and time) and a box to add one (early/insertCustomerComment). Anyone who may see the
 * project may comment, as the server allows.
 */
export function CustomerComments({ projId }: { readonly projId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const listKey = [...SHARING_QUERY_KEY, 'comments', projId];

  const comments = useQuery({
    queryKey: [...listKey, pageNum],
    queryFn: ({ signal }) => getCustomerComments({ projId, pageNum, pageSize: PAGE_SIZE }, signal),
    enabled: projId !== '',
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: (text: string) => addCustomerComment({ projId, content: text }),
    onSuccess: () => {
      toast('success', t('projectSharing.comments.added'));
      setContent('');
      setPageNum(1);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  const submit = () => {
    const error = commentError(content);
    if (error) {
      setProblem(
        error === 'required'
          ? t('projectSharing.comments.required')
          : t('projectSharing.comments.tooLong', { max: COMMENT_MAX_LENGTH }),
      );
      return;
    }
    setProblem(null);
    add.mutate(content.trim());
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="comments-panel">
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          validateStatus={problem ? 'error' : undefined}
          help={problem ? <span data-testid="comment-error">{problem}</span> : undefined}
          style={{ marginBottom: 8 }}
        >
          <Input.TextArea
            value={content}
            rows={3}
            showCount
            maxLength={COMMENT_MAX_LENGTH}
            placeholder={t('projectSharing.comments.placeholder')}
            onChange={(event) => {
              setContent(event.target.value);
              if (problem) setProblem(null);
            }}
            data-testid="comment-input"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="comment-add">
          {t('projectSharing.comments.add')}
        </Button>
      </Form>
      <List
        loading={comments.isFetching}
        dataSource={comments.data?.list ?? []}
        locale={{ emptyText: t('projectSharing.comments.empty') }}
        data-testid="comment-list"
        pagination={
          (comments.data?.total ?? 0) > PAGE_SIZE
            ? {
                current: pageNum,
                pageSize: PAGE_SIZE,
                total: comments.data?.total ?? 0,
                size: 'small',
                showTotal: (total) => t('projectSharing.comments.total', { total }),
                onChange: setPageNum,
              }
            : false
        }
        renderItem={(comment) => (
          <List.Item data-testid={`comment-${comment.id}`}>
            <List.Item.Meta
              title={
                <Space size="middle">
                  <Typography.Text strong data-testid="comment-author">
                    {comment.userName || t('projectSharing.comments.unknownAuthor')}
                  </Typography.Text>
                  <Typography.Text type="secondary" data-testid="comment-time">
                    {formatCommentTime(comment.createTime)}
                  </Typography.Text>
                </Space>
              }
              description={
                <Typography.Paragraph
                  style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                  data-testid="comment-content"
                >
                  {comment.content}
                </Typography.Paragraph>
              }
            />
          </List.Item>
        )}
      />
    </Space>
  );
}
