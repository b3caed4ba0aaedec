/** What other features use of users: the users as select options (owners, assignees). */
export { useUserOptions, withCurrentUser } from './api/getUserOptions.ts';
