import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type {
  ClientSearchContext,
  ProductFindType,
  TelehealthEligibility,
  TelehealthPos,
} from '@openpractice/domain';
import type { Dispatch } from 'react';

import type { ProductOption, ProductsForRequest, ServiceLocation } from './api';
import { ClientField } from './client-field';
import { NO_PRODUCTS, NOT_THERAPIST_FOR_CLIENT, SCHEDULING_MESSAGES } from './messages';
import { optionKey, type FormAction, type SchedulingForm } from './scheduling-form';

/** Place-of-service codes a telehealth appointment may carry (spec-1 §9; default 02). */
export const POS_LABELS: Record<TelehealthPos, string> = {
  '02': '02 – Telehealth',
  '10': '10 – Telehealth in the client’s home',
  '11': '11 – Office',
};

const FOUND_BY: Record<ProductFindType, string> = {
  last_appointment: 'Suggested: the service of the last appointment with this therapist.',
  primary_cpt: 'Suggested: the therapist’s primary CPT code.',
  default_product: 'Suggested: the practice’s default service.',
};

export function optionLabel(option: ProductOption): string {
  return option.products.map((p) => `${p.cptCode} – ${p.description}`).join(' + ');
}

export interface AppointmentFieldsProps {
  state: SchedulingForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
  contexts: readonly ClientSearchContext[];
  products: {
    data: ProductsForRequest | undefined;
    isError: boolean;
    isFetching: boolean;
  };
  selectedOption: ProductOption | null;
  eligibility: TelehealthEligibility;
  telehealthFailed: boolean;
  locations: ServiceLocation[];
  locationId: number | null;
}

/** The appointment's own fields: client, service, location, telehealth and what to know first. */
export function AppointmentFields({
  state,
  dispatch,
  disabled,
  contexts,
  products,
  selectedOption,
  eligibility,
  telehealthFailed,
  locations,
  locationId,
}: AppointmentFieldsProps) {
  const options = products.data?.products ?? [];
  const warnings = products.data?.nextAppointment?.warnings ?? [];
  const showProducts = state.client !== null && state.therapistId !== null;
  return (
    <Stack spacing={2}>
      <ClientField
        client={state.client}
        onChange={(client) => {
          dispatch({ type: 'client', value: client });
        }}
        context={state.clientSearchContext}
        contexts={contexts}
        onContextChange={(context) => {
          dispatch({ type: 'clientSearchContext', value: context });
        }}
        disabled={disabled}
      />
      {showProducts && products.isError && (
        <Alert severity="error">{SCHEDULING_MESSAGES.productsFailed}</Alert>
      )}
      {showProducts && !products.isError && (
        <ServiceField
          options={options}
          selectedOption={selectedOption}
          products={products}
          disabled={disabled}
          onChoose={(option) => {
            dispatch({ type: 'product', option, eligibility });
          }}
        />
      )}
      {products.data && !products.data.isTherapistForClient && (
        <Alert severity="info">{NOT_THERAPIST_FOR_CLIENT}</Alert>
      )}
      {warnings.length > 0 && (
        <Alert severity="warning">
          {warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        </Alert>
      )}
      <TextField
        select
        label="Location"
        value={locationId ?? ''}
        onChange={(event) => {
          const value = event.target.value as number | '';
          dispatch({ type: 'location', value: value === '' ? null : value });
        }}
        disabled={disabled}
        fullWidth
      >
        <MenuItem value="">No location</MenuItem>
        {locations.map((location) => (
          <MenuItem key={location.id} value={location.id}>
            {location.name}
          </MenuItem>
        ))}
      </TextField>
      {telehealthFailed && <Alert severity="error">{SCHEDULING_MESSAGES.telehealthFailed}</Alert>}
      {eligibility.hasTelehealth && (
        <TelehealthFields
          state={state}
          dispatch={dispatch}
          disabled={disabled}
          allowedPos={eligibility.allowedPos}
        />
      )}
    </Stack>
  );
}

/**
 * The service, from what the server offers for this client and therapist; the helper line says
 * why one was chosen for the user, or why there is none.
 */
function ServiceField({
  options,
  selectedOption,
  products,
  disabled,
  onChoose,
}: {
  options: readonly ProductOption[];
  selectedOption: ProductOption | null;
  products: AppointmentFieldsProps['products'];
  disabled: boolean;
  onChoose: (option: ProductOption | null) => void;
}) {
  return (
    <TextField
      select
      label="Service (CPT code)"
      value={selectedOption ? optionKey(selectedOption) : ''}
      onChange={(event) => {
        onChoose(options.find((o) => optionKey(o) === event.target.value) ?? null);
      }}
      disabled={disabled || options.length === 0}
      required
      fullWidth
      helperText={
        selectedOption?.find_type
          ? FOUND_BY[selectedOption.find_type]
          : products.data && options.length === 0
            ? NO_PRODUCTS
            : products.isFetching && !products.data
              ? 'Loading services…'
              : ' '
      }
    >
      {options.map((option) => (
        <MenuItem key={optionKey(option)} value={optionKey(option)}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Telehealth on or off, and its place of service (only the codes the service allows). */
function TelehealthFields({
  state,
  dispatch,
  disabled,
  allowedPos,
}: {
  state: SchedulingForm;
  dispatch: Dispatch<FormAction>;
  disabled: boolean;
  allowedPos: TelehealthEligibility['allowedPos'];
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
      <FormControlLabel
        label="Telehealth"
        sx={{ flexShrink: 0 }}
        control={
          <Switch
            checked={state.telehealth}
            disabled={disabled}
            onChange={(event) => {
              dispatch({ type: 'telehealth', value: event.target.checked });
            }}
          />
        }
      />
      {state.telehealth && (
        <TextField
          select
          label="Place of service"
          value={state.telehealthPos}
          onChange={(event) => {
            dispatch({ type: 'telehealthPos', value: event.target.value as TelehealthPos });
          }}
          disabled={disabled}
          fullWidth
        >
          {allowedPos.map((pos) => (
            <MenuItem key={pos} value={pos}>
              {POS_LABELS[pos as TelehealthPos]}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
