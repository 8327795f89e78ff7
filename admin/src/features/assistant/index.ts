export { AssistantButton } from './components/assistant-button';
export { AssistantPanel } from './components/assistant-panel';
