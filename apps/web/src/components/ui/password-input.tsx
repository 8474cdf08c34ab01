import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * Mantine's password field, its show/hide button named in the reader's language: Mantine names it in
 * English ('Toggle password visibility'), which a screen reader would read on a page in Tamil.
 */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
      {...props}
    />
  );
}
