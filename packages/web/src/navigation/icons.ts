import {
  AccountBookOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FireOutlined,
  FlagOutlined,
  GiftOutlined,
  KeyOutlined,
  LineChartOutlined,
  MailOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icons the route table names, imported one by one so the bundle carries only these
 * (a test fails when the table names an icon missing here).
 */
export const routeIcons: Record<string, ComponentType> = {
  AccountBookOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FireOutlined,
  FlagOutlined,
  GiftOutlined,
  KeyOutlined,
  LineChartOutlined,
  MailOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
};
