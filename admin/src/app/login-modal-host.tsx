import { lazy, Suspense, useEffect, useState } from 'react';
import { loginModal, useLoginModal } from '../lib/login-modal';

const load = () => import('../features/auth/components/login-modal');
const LoginModal = lazy(load);
loginModal.setLoader(load);

/** Mounts the login modal once; its code (forms, zod) loads the first time someone opens it or points at a button. */
export function LoginModalHost() {
  const { open } = useLoginModal();
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
