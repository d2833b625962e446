import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

import './sign-in.css';

/*
 * The sign-in page's controls in plain markup and CSS (sign-in.css), drawn as MUI draws its
 * Alert, outlined TextField, Checkbox and contained Button with the app's theme, with the same
 * roles and labels. The sign-in page is the first visit's page, whose JavaScript budget has no
 * room for MUI and Emotion (issue 14).
 */

/** The paths of MUI's icons for these controls (24 × 24). */
const ICON_PATHS = {
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  info: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20, 12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10, 10 0 0,0 12,2M11,17H13V11H11V17Z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  checked:
    'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
  unchecked:
    'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z',
};

function Icon({ path }: { path: string }) {
  return (
    <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
      <path d={path} />
    </svg>
  );
}

/** MUI's standard Alert: `alert` role unless told otherwise (a note, a status). */
export function Notice({
  severity,
  role = 'alert',
  children,
}: {
  severity: 'warning' | 'info' | 'error';
  role?: 'alert' | 'note' | 'status';
  children: ReactNode;
}) {
  return (
    <div role={role} className={`sign-in-notice sign-in-notice--${severity}`}>
      <div className="sign-in-notice__icon">
        <Icon path={ICON_PATHS[severity]} />
      </div>
      <div className="sign-in-notice__message">{children}</div>
    </div>
  );
}

interface RequiredTextBoxProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'value' | 'onChange' | 'required'
> {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The message under the box; the box shows as in error while there is one. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A required text box as MUI's outlined TextField: the label sits in the box and moves into
 * the outline's notch when the box has focus or a value; the message is tied to the box.
 */
export function RequiredTextBox({ label, value, error, ref, ...input }: RequiredTextBoxProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  const classes = ['sign-in-field'];
  if (value !== '') classes.push('sign-in-field--filled');
  if (error !== undefined) classes.push('sign-in-field--error');
  const asterisk = '\u2009*';
  return (
    <div className={classes.join(' ')}>
      <label htmlFor={id} id={`${id}-label`} className="sign-in-field__label">
        {label}
        <span aria-hidden="true">{asterisk}</span>
      </label>
      <div className="sign-in-field__box">
        <input
          {...input}
          ref={ref}
          id={id}
          value={value}
          required
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : helperId}
          className="sign-in-field__input"
        />
        <fieldset aria-hidden="true" className="sign-in-field__outline">
          <legend>
            <span>
              {label}
              {asterisk}
            </span>
          </legend>
        </fieldset>
      </div>
      {error !== undefined && (
        <p id={helperId} className="sign-in-field__helper">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled checkbox as MUI's FormControlLabel and Checkbox. */
export function LabelledCheckbox({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="sign-in-check">
      <span
        className={
          checked ? 'sign-in-check__box sign-in-check__box--checked' : 'sign-in-check__box'
        }
      >
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          className="sign-in-check__input"
        />
        <Icon path={checked ? ICON_PATHS.checked : ICON_PATHS.unchecked} />
      </span>
      <span className="sign-in-check__label">{label}</span>
    </label>
  );
}
