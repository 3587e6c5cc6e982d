import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DASHBOARD_GRANULARITIES,
  isAdmin,
  type DashboardGranularity,
  type QuotaDataSeries,
} from '@tollgate/contracts';
import { useMemo, useState } from 'react';
import { useErrorMessage } from '../../../shared/hooks/use-error-message';
import { selfQuery } from '../../../shared/session/api';
import { useCurrentUser } from '../../../shared/session/use-current-user';
import { useStatus } from '../../../shared/status/use-status';
import { fetchQuotaSeries, fetchRate, fetchUserByName } from '../api';
import { defaultRange, granularityFor } from '../chart-data';

export interface DashboardRange {
  start: number;
  end: number;
}

/** Buckets as fetched (with their granularity), and the range they were asked for (kept while the next loads). */
export interface ShownData {
  series: QuotaDataSeries;
  range: DashboardRange;
}

const isGranularity = (value: string | undefined): value is DashboardGranularity =>
  (DASHBOARD_GRANULARITIES as readonly string[]).includes(value ?? '');

/**
 * The dashboard's state and data: the range, the granularity (the operator's DataExportDefaultTime until the user
 * picks another), the user an administrator looks at ('' = everyone), the buckets, the account and the last minute's
 * rate.
 */
export function useDashboard() {
  const user = useCurrentUser();
  const admin = isAdmin(user?.role ?? 0);
  const { data: status } = useStatus();
  const configured = status?.data_export_default_time;
  const [chosenGranularity, setGranularity] = useState<DashboardGranularity | null>(null);
  const wanted: DashboardGranularity = chosenGranularity ?? (isGranularity(configured) ? configured : 'hour');
  const [range, setRange] = useState<DashboardRange | null>(null);
  // Computed once per granularity: a range that moved with the clock would change the query on every render.
  const fallbackRange = useMemo(() => defaultRange(wanted), [wanted]);
  const shownRange = range ?? fallbackRange;
  // Hours over more than a week are shown as days; a shorter range brings the hours back.
  const granularity = granularityFor(wanted, shownRange);
  const [username, setUsername] = useState('');

  // Days and weeks start at the browser's midnight: the server sums the hours into them (30 days of every
  // user's hourly buckets would be some 100,000 to fetch and sum here).
  const utcOffset = -new Date().getTimezoneOffset() * 60;
  const data = useQuery({
    queryKey: ['dashboard', admin, username, shownRange.start, shownRange.end, granularity, utcOffset],
    queryFn: async (): Promise<ShownData> => ({
      series: await fetchQuotaSeries(admin, {
        start_timestamp: shownRange.start,
        end_timestamp: shownRange.end,
        username: admin && username ? username : undefined,
        granularity,
        ...(granularity === 'hour' ? {} : { utc_offset: utcOffset }),
      }),
      range: shownRange,
    }),
    placeholderData: keepPreviousData,
  });
  const self = useQuery({ ...selfQuery, staleTime: 0 });
  // An administrator looking at one user sees that user's account on the cards, not their own.
  const pickedUser = useQuery({
    queryKey: ['dashboard', 'user', username],
    queryFn: () => fetchUserByName(username),
    enabled: admin && username !== '',
  });
  const rate = useQuery({
    queryKey: ['dashboard', 'rate', admin, username],
    queryFn: () => fetchRate(admin, username),
  });
  // One message for the cards' calls, and none while the charts' own failure is on screen saying the same.
  useErrorMessage(data.error ? null : (self.error ?? rate.error ?? pickedUser.error));

  const refresh = (): void => {
    void data.refetch();
    void self.refetch();
    void rate.refetch();
    if (admin && username) void pickedUser.refetch();
  };

  return {
    admin,
    granularity,
    /** Hours were chosen but the range is too long for them: days are shown. */
    hoursAsDays: granularity !== wanted,
    /** Hours can be picked: the range is a granularity's default (hours bring their own) or short enough. */
    hoursOffered: range === null || granularityFor('hour', range) === 'hour',
    // A range the user chose stays; the default one follows the granularity.
    changeGranularity: setGranularity,
    range: shownRange,
    changeRange: setRange,
    username,
    changeUsername: setUsername,
    shown: data.data,
    isLoading: data.isFetching,
    error: data.error,
    retry: () => void data.refetch(),
    refresh,
    account: admin && username ? (pickedUser.data ?? null) : (self.data ?? user),
    rate: rate.data,
    aggregationOn: status?.enable_data_export !== false,
  };
}
