import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One labelled value of a phone card. */
export interface RowCardLine {
  readonly label: string;
  readonly value: ReactNode;
}

/**
 * A table row on a phone: the table shows one column of these cards, without a header, instead of
 * a table wider than the screen (purchase records, usage statistics, invoice applications, points).
 * A title with tags on the right, labelled values (label left, value right), then the actions.
 */
export function RowCard(props: {
  readonly title: ReactNode;
  readonly tags?: ReactNode;
  readonly lines: readonly RowCardLine[];
  readonly actions?: ReactNode;
}) {
  return (
    <Flex vertical gap={6}>
      <Flex justify="space-between" align="start" gap={8}>
        <Typography.Text strong style={{ wordBreak: 'break-all' }}>
          {props.title}
        </Typography.Text>
        {props.tags ? (
          <Flex gap={4} wrap justify="end" style={{ flexShrink: 0 }}>
            {props.tags}
          </Flex>
        ) : null}
      </Flex>
      {props.lines.map((line) => (
        <Flex key={line.label} justify="space-between" align="start" gap={12}>
          <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
            {line.label}
          </Typography.Text>
          <Typography.Text style={{ textAlign: 'end', wordBreak: 'break-word' }}>
            {line.value}
          </Typography.Text>
        </Flex>
      ))}
      {props.actions ? (
        <Flex justify="end" gap={8}>
          {props.actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
