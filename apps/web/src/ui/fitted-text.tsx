import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * One line of text cut with an ellipsis only when its box is too narrow for
 * it (a select's value on a phone), and then the whole text on hover and
 * focus. Where the box has room nothing is cut: names and ids are read, not
 * guessed. The whole text is always in the page, so screen readers read it.
 */
export function FittedText({ text }: { text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      setCut(box.scrollWidth > box.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => {
      observer.disconnect();
    };
  }, [text]);

  return (
    <Tooltip title={cut ? text : ''} describeChild>
      <Box
        component="span"
        ref={ref}
        sx={{
          display: 'block',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          minWidth: 0,
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
