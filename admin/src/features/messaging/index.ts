export { MessagesTab, MessagesTabLabel } from './components/messages-tab';
