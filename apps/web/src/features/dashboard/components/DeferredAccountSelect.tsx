import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

import type { AccountSelectProps } from '../../../components/ui/AccountSelect.tsx';
import type { accounts as accountTypes } from '@portal/contract';
import classes from './DeferredAccountSelect.module.css';

/** The option text AccountSelect shows for an account (it is not imported from there: that would load the dropdown). */
const optionLabel = (account: accountTypes.Account) =>
  `${account.name} (${account.account_number})${account.account_status_cd === 'D' ? ' – disconnected' : ''}`;

const AccountSelect = lazy(() =>
  import('../../../components/ui/AccountSelect.tsx').then((m) => ({ default: m.AccountSelect })),
);

const chevron = (
  <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden>
    <path
      d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.26618 11.9026 7.38064 11.95 7.49999 11.95C7.61933 11.95 7.73379 11.9026 7.81819 11.8182L10.0682 9.56819Z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * The account dropdown of a dashboard box, with its dropdown code (combobox, popover, scroll
 * area: some 40 kB) loaded after the first screen is complete instead of before it (JavaScript
 * budget, decision 058). Until then an input of the same size shows the chosen account; a click
 * or key on it loads the dropdown at once and opens it.
 */
export function DeferredAccountSelect(props: AccountSelectProps) {
  const fetching = useIsFetching();
  const [load, setLoad] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const id = useId();

  // Once nothing is loading any more (the first screen is complete), fetch the dropdown's code.
  useEffect(() => {
    if (load || fetching > 0) return;
    const timer = setTimeout(() => setLoad(true), 200);
    return () => clearTimeout(timer);
  }, [load, fetching]);

  // A click that came before the code: open the dropdown as soon as it is there.
  useEffect(() => {
    if (!openOnLoad) return;
    const timer = setInterval(() => {
      const input = wrapper.current?.querySelector<HTMLInputElement>('input:not([data-stand-in])');
      if (!input) return;
      clearInterval(timer);
      input.focus();
      input.click();
    }, 30);
    return () => clearInterval(timer);
  }, [openOnLoad]);

  const current = props.accounts.find((account) => account.account_id === props.value);
  const activate = () => {
    setOpenOnLoad(true);
    setLoad(true);
  };
  const standIn = (
    <div>
      {!props.hideLabel && props.label && (
        <label className={classes.label} htmlFor={id}>
          {props.label}
        </label>
      )}
      <div className={classes.field}>
        <input
          id={id}
          className={classes.input}
          readOnly
          role="combobox"
          aria-expanded={false}
          aria-haspopup="listbox"
          aria-label={props.hideLabel ? props.label : undefined}
          value={current ? optionLabel(current) : ''}
          data-stand-in
          onClick={activate}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') activate();
          }}
        />
        <span className={classes.chevron}>{chevron}</span>
      </div>
    </div>
  );
  return (
    <div ref={wrapper}>
      {load ? (
        <Suspense fallback={standIn}>
          <AccountSelect {...props} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}
