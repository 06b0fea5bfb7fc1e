/**
 * The icons the route table names, re-exported one by one so the bundle carries only these.
 * screens.test.ts fails when the table names an icon missing here.
 */
export {
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
