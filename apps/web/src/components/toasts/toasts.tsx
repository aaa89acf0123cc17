import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import { TransitionGroup } from 'react-transition-group';
import { useTranslation } from 'react-i18next';
import { TOAST_SWEEP_MS, TOAST_TRANSITION_MS } from '@portal/shared';
import { namespaceOf, toI18nKey } from '../../lib/i18n/message-key';
import { useStore } from '../../lib/store';
import { type Toast, closeToast, sweepToasts, toastStore } from '../../lib/toast/toast-store';

function ToastMessage({ toast }: { toast: Toast }) {
  const namespaces = [toast.message, toast.fallback]
    .map((key) => key && namespaceOf(key))
    .filter((ns) => ns !== undefined);
  // Without Suspense: an error must not blank the page while its namespace loads. The first key
  // with a translation wins, so a fallback in an already loaded namespace shows at once (and
  // still shows if the network that failed cannot bring the message's own namespace).
  const { t, i18n } = useTranslation(namespaces, { useSuspense: false });
  const key = [toast.message, toast.fallback]
    .filter((k) => k !== undefined)
    .map(toI18nKey)
    .find((k) => i18n.exists(k));
  return (
    <Alert
      severity={toast.type}
      variant="filled"
      onClose={() => closeToast(toast.id)}
      data-testid={`toast-${toast.type}`}
      sx={{ minWidth: '20rem', maxWidth: 'calc(100vw - 32px)', boxShadow: 3, mb: 1 }}
    >
      {key ? t(key, toast.values) : ' '}
    </Alert>
  );
}

/** Stacked alerts fixed at the top, above everything (spec sections 2 and 4). */
export function Toasts() {
  const toasts = useStore(toastStore);
  const hasToasts = toasts.length > 0;

  // The sweep runs only while something can expire.
  useEffect(() => {
    if (!hasToasts) return;
    const timer = window.setInterval(() => sweepToasts(), TOAST_SWEEP_MS);
    return () => window.clearInterval(timer);
  }, [hasToasts]);

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.toast,
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      <TransitionGroup component={null}>
        {toasts.map((toast) => (
          <Collapse key={toast.id} timeout={TOAST_TRANSITION_MS}>
            <ToastMessage toast={toast} />
          </Collapse>
        ))}
      </TransitionGroup>
    </Box>
  );
}
