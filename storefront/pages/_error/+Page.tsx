import { usePageContext } from 'vike-react/usePageContext';
import { StatusScreen } from '../../components/status-screen';
import { errorContent } from './error-content';

export default function Page() {
  const pageContext = usePageContext();
  const content = errorContent(pageContext);
  return (
    <StatusScreen
      title={content.title}
      message={content.message}
      details={content.details}
      notice={content.notice}
      homeUrl={pageContext.homeUrl ?? '/'}
    />
  );
}
