import type { PageContext } from 'vike/types';
import { errorContent } from './error-content';

export default (pageContext: PageContext) => errorContent(pageContext).title;
