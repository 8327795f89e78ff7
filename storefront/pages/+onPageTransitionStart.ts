/**
 * Spec state 'Loading shop details...': shown while the browser moves to another storefront page without a full
 * load (client-side navigation). A first visit never sees it: the server sends the page complete.
 */
export default function onPageTransitionStart() {
  if (document.getElementById('sf-loading')) return;
  const status = document.createElement('div');
  status.id = 'sf-loading';
  status.setAttribute('role', 'status');
  status.textContent = 'Loading shop details...';
  document.body.append(status);
}
