import { AUTH_MESSAGES, type RegisterInput, RegisterSchema } from '@barberly/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';

export function RegisterForm({ onSubmit, disabled }: { onSubmit: (values: RegisterInput) => void; disabled: boolean }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterInput>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4" aria-label="Register">
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
          autoComplete="new-password"
          placeholder={AUTH_MESSAGES.newPasswordHint}
          hint={AUTH_MESSAGES.newPasswordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <Field
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="mt-1 w-full">
          {disabled ? 'Creating account...' : 'Create Account'}
        </Button>
      </fieldset>
    </form>
  );
}
