import AddIcon from '@mui/icons-material/Add';
import AddOutlinedIcon from '@mui/icons-material/AddOutlined';
import ApiIcon from '@mui/icons-material/Api';
import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import AttachMoneyOutlinedIcon from '@mui/icons-material/AttachMoneyOutlined';
import BusinessIcon from '@mui/icons-material/Business';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import CircleIcon from '@mui/icons-material/Circle';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DescriptionIcon from '@mui/icons-material/Description';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import GavelIcon from '@mui/icons-material/Gavel';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import GroupIcon from '@mui/icons-material/Group';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HelpIcon from '@mui/icons-material/Help';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import HomeIcon from '@mui/icons-material/Home';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import MailIcon from '@mui/icons-material/Mail';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import MedicationIcon from '@mui/icons-material/Medication';
import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import PersonIcon from '@mui/icons-material/Person';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PolicyIcon from '@mui/icons-material/Policy';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import SupervisorAccountOutlinedIcon from '@mui/icons-material/SupervisorAccountOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import type SvgIcon from '@mui/material/SvgIcon';

type SvgIconComponent = typeof SvgIcon;
type IconPair = readonly [filled: SvgIconComponent, outlined: SvgIconComponent];

/** Icon keys the server sends in navigation items; anything else gets the fallback. */
const ICONS: Record<string, IconPair> = {
  add: [AddIcon, AddOutlinedIcon],
  api: [ApiIcon, ApiOutlinedIcon],
  billing: [AttachMoneyIcon, AttachMoneyOutlinedIcon],
  calendar: [CalendarMonthIcon, CalendarMonthOutlinedIcon],
  clients: [GroupIcon, GroupOutlinedIcon],
  dashboard: [DashboardIcon, DashboardOutlinedIcon],
  forms: [DescriptionIcon, DescriptionOutlinedIcon],
  gavel: [GavelIcon, GavelOutlinedIcon],
  help: [HelpIcon, HelpOutlinedIcon],
  home: [HomeIcon, HomeOutlinedIcon],
  impersonate: [SupervisorAccountIcon, SupervisorAccountOutlinedIcon],
  logout: [LogoutIcon, LogoutOutlinedIcon],
  messages: [MailIcon, MailOutlinedIcon],
  person: [PersonIcon, PersonOutlinedIcon],
  policy: [PolicyIcon, PolicyOutlinedIcon],
  practice: [BusinessIcon, BusinessOutlinedIcon],
  prescriptions: [MedicationIcon, MedicationOutlinedIcon],
  receipt: [ReceiptIcon, ReceiptOutlinedIcon],
  reporting: [AssessmentIcon, AssessmentOutlinedIcon],
  settings: [SettingsIcon, SettingsOutlinedIcon],
  support: [SupportAgentIcon, SupportAgentOutlinedIcon],
  telehealth: [VideocamIcon, VideocamOutlinedIcon],
};

const FALLBACK: IconPair = [CircleIcon, CircleOutlinedIcon];

/** The icon for a navigation key: filled for provider staff, outlined for everyone else. */
export function NavIcon({ name, filled }: { name: string; filled: boolean }) {
  const [Filled, Outlined] = ICONS[name] ?? FALLBACK;
  const Icon = filled ? Filled : Outlined;
  return <Icon fontSize="small" aria-hidden />;
}
