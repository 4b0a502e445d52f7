import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BuildOutlined,
  CameraOutlined,
  CrownOutlined,
  FileSearchOutlined,
  FundOutlined,
  HomeOutlined,
  PlayCircleOutlined,
  ProjectOutlined,
  SettingOutlined,
  ShopOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  BarChartOutlined: <BarChartOutlined />,
  BuildOutlined: <BuildOutlined />,
  CameraOutlined: <CameraOutlined />,
  CrownOutlined: <CrownOutlined />,
  FileSearchOutlined: <FileSearchOutlined />,
  FundOutlined: <FundOutlined />,
  HomeOutlined: <HomeOutlined />,
  PlayCircleOutlined: <PlayCircleOutlined />,
  ProjectOutlined: <ProjectOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShopOutlined: <ShopOutlined />,
  ToolOutlined: <ToolOutlined />,
};

/** The icon a menu entry names (menuIcon); a neutral one for names we do not know. */
export function menuIcon(name: string | null | undefined): ReactNode {
  return (name && ICONS[name]) || <AppstoreOutlined />;
}
