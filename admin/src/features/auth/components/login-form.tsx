import { type LoginInput, LoginSchema } from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';

/** Spec 5: validates on submit, then again on every change. */
export function LoginForm({ onSubmit, disabled }: { onSubmit: (values: LoginInput) => void; disabled: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label="Sign in">
      <fieldset disabled={disabled} className="flex flex-col gap-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@barbershop.com"
          data-autofocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="••••••••"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" size="lg" className="mt-1 w-full">
          {disabled ? 'Signing in...' : 'Sign In'}
        </Button>
      </fieldset>
    </form>
  );
}
