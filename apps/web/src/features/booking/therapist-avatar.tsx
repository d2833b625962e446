import Avatar from '@mui/material/Avatar';

/** Initials of a name, e.g. 'DO' for Daniel Okafor. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/**
 * The therapist's photo, or their initials on a coloured disc when there is
 * none. The photo is decorative next to the name (alt=""); the initials are
 * hidden from screen readers, which read the name beside them.
 */
export function TherapistAvatar({
  therapist,
  size = 72,
}: {
  therapist: { firstName: string; lastName: string; photoUrl: string | null };
  size?: number;
}) {
  if (therapist.photoUrl) {
    return (
      <Avatar
        src={therapist.photoUrl}
        alt=""
        sx={{ width: size, height: size }}
        slotProps={{ img: { alt: '' } }}
      />
    );
  }
  return (
    <Avatar
      aria-hidden="true"
      sx={{ width: size, height: size, bgcolor: 'primary.dark', fontSize: size / 2.6 }}
    >
      {initialsOf(therapist.firstName, therapist.lastName)}
    </Avatar>
  );
}
