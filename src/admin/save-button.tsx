import type { SaveStatus } from './use-save-status';
import { t } from './words';

/** A save button with its result announced to screen readers ("Saved", or the error). */
export function SaveButton(props: { status: SaveStatus; label?: string; disabled?: boolean }) {
  const { status } = props;
  return (
    <div className="save form__bar">
      <button type="submit" className="button button--primary" disabled={props.disabled || status.state === 'saving'}>
        {status.state === 'saving' ? t('saving') : (props.label ?? t('save'))}
      </button>
      <p className={`save__message${status.state === 'done' && !status.ok ? ' save__message--error' : ''}`} role="status">
        {status.state === 'done' ? status.message : ''}
      </p>
    </div>
  );
}
