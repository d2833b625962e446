import { useMutation } from '@tanstack/react-query';
import type { ElementType, MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';

import { appHref, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { postNavItem } from './api';
import type { NavItem } from './types';
import { useSnackbar } from '../../ui/snackbar/snackbar';

/** Props that make a MUI button-like component (ListItemButton, MenuItem, ...) open an item. */
export interface NavItemProps {
  component: ElementType;
  to?: string;
  href?: string;
  target?: '_blank';
  rel?: string;
  onClick?: (event: MouseEvent) => void;
}

/**
 * How each kind of navigation item opens (spec-1 §2): an in-app route, a
 * full page load, a new tab, or a POST followed by a full load of `redirectTo`.
 * `onOpen` runs as well, e.g. to close the menu or drawer holding the item.
 */
export function useNavItemProps(onOpen?: () => void): (item: NavItem) => NavItemProps {
  const { enqueueSnackbar } = useSnackbar();
  const post = useMutation({
    mutationFn: (item: NavItem) => postNavItem(item.to),
    onSuccess: (_data, item) => {
      window.location.assign(item.redirectTo ?? appHref(paths.home.getHref()));
    },
    onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
  });

  return (item) => {
    switch (item.kind) {
      case 'route':
        return { component: RouterLink, to: item.to, onClick: onOpen };
      case 'url':
        return { component: 'a', href: item.to, onClick: onOpen };
      case 'external':
        return {
          component: 'a',
          href: item.to,
          target: '_blank',
          rel: 'noopener noreferrer',
          onClick: onOpen,
        };
      case 'post':
        return {
          component: 'button',
          onClick: () => {
            onOpen?.();
            if (!post.isPending) post.mutate(item);
          },
        };
    }
  };
}
