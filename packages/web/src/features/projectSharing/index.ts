/** Sharing projects with other users and the customer comments of a project (issue 7). */
export { CustomerComments } from './CustomerComments';
export { CustomerCommentsCard } from './CustomerCommentsCard';
export { SHARING_QUERY_KEY, ShareDialog, type ShareDialogProps } from './ShareDialog';
export { SharedTag } from './SharedTag';
export { canEditProject, canShareProject, isSharedWithMe, shareableProjects } from './sharing';
