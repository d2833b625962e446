import type { EventContentArg, EventMountArg, MoreLinkMountArg } from '@fullcalendar/core';

import {
  indicatorLabels,
  isMoreItem,
  isPracticeItem,
  type PracticeItemProps,
} from './event-mapping';

/**
 * Event content built as plain DOM nodes, not React elements: FullCalendar
 * renders each React element through a portal, which a month of 16
 * therapists (thousands of events) cannot afford.
 */

/** Material icon paths (24×24), drawn inline so they need no font or request. */
const ICON_PATHS = {
  telehealth:
    'M17 10.5V7c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1v10c0 .55.45 1 1 1h12c.55 0 1-.45 1-1v-3.5l4 4v-11l-4 4z',
  alert:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z',
  groupChartWarning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  checkedIn: 'M9 16.17 4.83 12l-1.42 1.42L9 19 21 7l-1.41-1.41z',
  // help_outline: did they come? Attendance is still unknown.
  notRecorded:
    'M11 18h2v-2h-2v2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8zm0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4z',
} as const;

const SVG_NS = 'http://www.w3.org/2000/svg';

function icon(name: keyof typeof ICON_PATHS): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '12');
  svg.setAttribute('height', '12');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.classList.add('op-event-icon', `op-event-icon-${name}`);
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICON_PATHS[name]);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

/** The icons a practice item carries; their words are in the hidden text beside them. */
function iconsOf(props: PracticeItemProps): SVGSVGElement[] {
  const icons: SVGSVGElement[] = [];
  if (props.telehealth) icons.push(icon('telehealth'));
  if (props.hasAlert) icons.push(icon('alert'));
  if (props.groupChartWarning) icons.push(icon('groupChartWarning'));
  if (props.checkedIn) icons.push(icon('checkedIn'));
  if (props.attendanceNotRecorded) icons.push(icon('notRecorded'));
  return icons;
}

/** `eventContent`: time, title, indicator icons, and the indicators in words for screen readers. */
export function renderEventContent(arg: EventContentArg): { domNodes: Node[] } | true {
  const props: unknown = arg.event.extendedProps;
  const source = (props as { source?: unknown }).source;
  if (source === 'availability') return { domNodes: [] };
  if (isMoreItem(props)) {
    const more = document.createElement('div');
    more.className = 'op-event-body op-more-body';
    more.append(
      span('op-event-title', arg.event.title),
      span('op-visually-hidden', ', open this day'),
    );
    return { domNodes: [more] };
  }
  const root = document.createElement('div');
  root.className = 'op-event-body';
  const line = document.createElement('div');
  line.className = 'op-event-line';
  // Time and name first: in a narrow column (a day of 16 therapists' weeks) they are what shows.
  if (arg.timeText) line.append(span('op-event-time', arg.timeText));
  line.append(span('op-event-title', arg.event.title));
  if (isPracticeItem(props)) line.append(...iconsOf(props));
  if (isPracticeItem(props) && props.serviceCode) {
    // Seen here; heard in the words below ("Service 90834"), after any cancellation.
    const service = span('op-event-service', props.serviceCode);
    service.setAttribute('aria-hidden', 'true');
    line.append(service);
  }
  root.append(line);
  const words = isPracticeItem(props)
    ? indicatorLabels(props)
    : source === 'external'
      ? ['From a connected calendar, read-only']
      : [];
  if (words.length > 0) root.append(span('op-visually-hidden', `, ${words.join(', ')}`));
  return { domNodes: [root] };
}

/** The full description of an item, for its tooltip. */
export function describeItem(arg: EventMountArg): string {
  const props: unknown = arg.event.extendedProps;
  const words = isPracticeItem(props) ? indicatorLabels(props) : [];
  return [arg.timeText, arg.event.title, ...words].filter((part) => part !== '').join(' · ');
}

/**
 * `eventDidMount`: the location colour as a stripe on the left edge, a
 * tooltip, and the button role FullCalendar's focusable events lack.
 */
export function decorateEvent(arg: EventMountArg): void {
  const props: unknown = arg.event.extendedProps;
  const source = (props as { source?: unknown }).source;
  if (source === 'availability') return;
  if (isMoreItem(props)) {
    arg.el.setAttribute('role', 'button');
    arg.el.title = `${String(props.count)} more: open this day`;
    return;
  }
  if (isPracticeItem(props)) {
    if (props.locationColour) {
      arg.el.style.boxShadow = `inset 5px 0 0 ${props.locationColour}`;
      arg.el.style.paddingLeft = '5px';
    }
    arg.el.setAttribute('role', 'button');
  }
  arg.el.title = describeItem(arg);
}

/** "+N more" opens a popover: a button, so its aria-expanded is allowed and announced. */
export function decorateMoreLink(arg: MoreLinkMountArg): void {
  arg.el.setAttribute('role', 'button');
}
