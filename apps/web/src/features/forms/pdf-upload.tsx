import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { formApi } from '../../config/paths/api-forms';
import { formRoutes } from '../../config/paths/form-links';
import { errorMessage } from '../../lib/api-errors';
import { uploadBytes } from '../../lib/upload-bytes';
import { formKeys, type DefinitionDetail } from './api';

const MAX_BYTES = 5 * 1024 * 1024;

/**
 * Uploading a practice's fillable PDF as a form (issue 18 item 3): its fields become the
 * form's questions and it is published at once; the server checks the file by its content.
 */
export function PdfUpload() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fileLabel = useId();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [signature, setSignature] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (input: { name: string; file: File; signature: boolean }) =>
      uploadBytes<{ data: DefinitionDetail }>(
        'PUT',
        formApi.pdfUpload(input.name, input.signature),
        input.file,
      ),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: formKeys.all });
      void navigate(formRoutes.definition(answer.data.id));
    },
  });
  return (
    <Stack
      component="form"
      spacing={2}
      aria-label="Upload a PDF form"
      sx={{ maxWidth: 520 }}
      onSubmit={(event) => {
        event.preventDefault();
        const refusal =
          name.trim() === ''
            ? 'Give the form a name.'
            : file === null
              ? 'Choose a fillable PDF form.'
              : file.size > MAX_BYTES
                ? 'The PDF is larger than 5 MB. Choose a smaller file.'
                : null;
        setProblem(refusal);
        if (refusal !== null || file === null) return;
        upload.mutate({ name: name.trim(), file, signature });
      }}
    >
      <Typography component="h2" variant="h6">
        Upload a PDF form
      </Typography>
      <Typography color="text.secondary">
        A fillable PDF: clients fill in its fields online, and the practice keeps the completed PDF.
      </Typography>
      <TextField
        label="Form name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
        }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <Stack spacing={0.5}>
        <Typography component="label" htmlFor={fileLabel}>
          PDF file
        </Typography>
        <input
          id={fileLabel}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={signature}
            onChange={(event) => {
              setSignature(event.target.checked);
            }}
          />
        }
        label="The client signs it (typed name and date)"
      />
      {(problem ?? upload.error) && (
        <Alert severity="error">{problem ?? errorMessage(upload.error)}</Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        disabled={upload.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {upload.isPending ? 'Uploading…' : 'Upload'}
      </Button>
    </Stack>
  );
}
