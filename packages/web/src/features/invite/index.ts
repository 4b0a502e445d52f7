/** The invite campaign (spec 000 §2, §4, §9): mount the banner, the dialog or the mobile list. */
export { InviteBanner } from './InviteBanner';
export { INVITE_DIALOG_WIDTH_PX, InviteDialog, type InviteDialogProps } from './InviteDialog';
export { InviteMobileList } from './InviteMobileList';
export { campaignView, daysLeft, isBannerVisible, lostBenefits, maskPhone } from './inviteRules';
