import { Bot } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { AssistantPanel } from './assistant-panel';

/** The dashboards' way into the assistant: a button that opens the panel (a bottom sheet on a phone). */
export function AssistantButton({ shopId }: { shopId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        <Bot aria-hidden="true" className="size-4" /> Assistant
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        size="lg"
        title="Assistant"
        description="Your front desk: it looks things up at once and proposes changes for you to confirm."
      >
        <AssistantPanel shopId={shopId} />
      </Dialog>
    </>
  );
}
