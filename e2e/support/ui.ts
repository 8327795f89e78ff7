import { expect, type Page } from '@playwright/test';
import { DEFAULT_PASSWORD } from './api';

/** Register through the landing page's modal, as a person does; a new account lands on /onboarding. */
export async function registerThroughModal(page: Page, email: string, password = DEFAULT_PASSWORD) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
}

/** Sign in through the landing page's modal and wait for the 'Welcome back!' toast. */
export async function signInThroughModal(page: Page, email: string, password = DEFAULT_PASSWORD) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Barberly' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

/** A toast with this text (sonner). */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
