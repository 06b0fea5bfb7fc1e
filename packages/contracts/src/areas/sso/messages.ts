import { type Label, zhEn } from '../../bilingual.js';

/** The SSO centre's form checks and refusals. */
export const ssoMessages = {
  'sso.companyNameRequired': zhEn('请输入公司名称', 'Please enter the company name'),
  'sso.companyNameTaken': zhEn('公司名称已存在', 'A company with this name exists'),
  'sso.companyNotFound': zhEn('公司不存在', 'Company not found'),
  'sso.companyDisabled': zhEn('公司已停用', 'The company is disabled'),
  'sso.domainFormat': zhEn('邮箱域名格式不正确（例如 example.com）', 'Write an email domain like example.com'),
  'sso.domainTaken': zhEn('该邮箱域名已属于另一家公司', 'Another company already has this email domain'),
  'sso.tooManyDomains': zhEn('邮箱域名最多 50 个', 'At most 50 email domains'),
  'sso.roleNameRequired': zhEn('请输入角色名称', 'Please enter the role name'),
  'sso.roleNameTaken': zhEn('该公司已有同名角色', 'The company already has a role with this name'),
  'sso.roleNotFound': zhEn('单点登录角色不存在', 'SSO role not found'),
  'sso.roleInUse': zhEn('仍有用户持有该角色，不能删除', 'Users still hold this role; it cannot be deleted'),
  'sso.roleOtherCompany': zhEn('角色须属于用户所在的公司', 'The roles must belong to the user’s company'),
  'sso.pagesRequired': zhEn('请至少选择一个页面', 'Choose at least one page'),
  'sso.unknownPage': zhEn('页面不在页面注册表中', 'This page is not in the page registry'),
  'sso.pageNeedsRole': zhEn(
    '该页面只对内置角色开放，不能加入单点登录角色',
    'This page opens only to built-in roles and cannot be put in an SSO role',
  ),
  'sso.userNotFound': zhEn('单点登录用户不存在', 'SSO user not found'),
  'sso.emailDomain': zhEn('邮箱域名不属于该公司', 'The email’s domain is not one of the company’s'),
  'sso.emailTaken': zhEn('该邮箱已有员工账号', 'A staff account already has this email'),
  'sso.previewReadOnly': zhEn(
    '正在以角色视角预览，不能做任何修改；请先退出预览',
    'You are previewing as a role: changes are refused. Leave the preview first',
  ),
} as const satisfies Record<string, Label>;
