import { z } from 'zod';
import { idParam, nothing, pageBody, pageResult } from '../envelope.js';
import { defineRoute } from '../route.js';
import { exportAnalysisBody } from './exports.js';
import {
  analysisErrors,
  analysisHeatmap,
  analysisOptions,
  analysisRanking,
  analysisSummary,
  analysisTrend,
  rankingQuery,
  robotDayStates,
  statesSearch,
} from './figures.js';
import { analysisFilter, analysisScope } from './filter.js';
import { analysisAlert, analysisReport, saveAlertBody, saveReportBody } from './reports.js';
import {
  analysisSettings,
  recomputeBody,
  recomputeResult,
  saveSettingBody,
  settingVersion,
} from './settings.js';
import { analysisTask, analysisTaskDetail, taskSearch } from './tasks.js';

const figure = <const Id extends string, const P extends string>(id: Id, path: P, summary: string) =>
  ({ id, method: 'POST', path, auth: 'user', area: 'analysis', summary }) as const;

/** The figures of /analysis: every call takes the filter and answers for the caller's companies only. */
export const analysisFigureRoutes = {
  analysisOptions: defineRoute({
    id: 'analysisOptions',
    method: 'GET',
    path: '/opt/v1/analysis/options',
    auth: 'user',
    area: 'analysis',
    summary:
      'What the filters offer: the companies the caller may analyse, their buildings, robots and models',
    data: analysisOptions,
  }),
  analysisSummary: defineRoute({
    ...figure(
      'analysisSummary',
      '/opt/v1/analysis/summary',
      'The KPI cards: each figure, the period before and its target',
    ),
    body: analysisFilter,
    data: analysisSummary,
  }),
  analysisTrend: defineRoute({
    ...figure(
      'analysisTrend',
      '/opt/v1/analysis/trend',
      'Every figure per hour, day, week or month, and the period before',
    ),
    body: analysisFilter,
    data: analysisTrend,
  }),
  analysisHeatmap: defineRoute({
    ...figure(
      'analysisHeatmap',
      '/opt/v1/analysis/heatmap',
      'Working time and tasks by weekday and local hour',
    ),
    body: analysisScope,
    data: analysisHeatmap,
  }),
  analysisStates: defineRoute({
    ...figure(
      'analysisStates',
      '/opt/v1/analysis/states',
      "One day's states of each robot, as timelines, paged",
    ),
    body: pageBody(statesSearch),
    data: pageResult(robotDayStates),
  }),
  analysisErrors: defineRoute({
    ...figure(
      'analysisErrors',
      '/opt/v1/analysis/errors',
      'Error codes by count, most first (a Pareto), with their downtime',
    ),
    body: analysisScope,
    data: analysisErrors,
  }),
  analysisRanking: defineRoute({
    ...figure('analysisRanking', '/opt/v1/analysis/ranking', 'Every figure per robot, building or model'),
    body: rankingQuery,
    data: analysisRanking,
  }),
  analysisTasks: defineRoute({
    ...figure('analysisTasks', '/opt/v1/analysis/tasks', 'The tasks behind a figure, newest first, paged'),
    body: pageBody(taskSearch),
    data: pageResult(analysisTask),
  }),
  exportAnalysis: defineRoute({
    ...figure(
      'exportAnalysis',
      '/opt/v1/analysis/export',
      'The ranking, the trend or the raw tasks as a CSV (UTF-8 with BOM, formula-safe) or XLSX file, streamed',
    ),
    body: exportAnalysisBody,
    data: z.string(),
    raw: true,
    download: true,
  }),
  analysisTask: defineRoute({
    id: 'analysisTask',
    method: 'GET',
    path: '/opt/v1/analysis/task/:id',
    auth: 'user',
    area: 'analysis',
    summary: 'One task with its robot, times, path length, errors and states',
    params: idParam,
    data: analysisTaskDetail,
  }),
};

/** /analysis/config: versioned settings, and recomputing the figures from a date. */
export const analysisSettingRoutes = {
  analysisSettings: defineRoute({
    id: 'analysisSettings',
    method: 'GET',
    path: '/opt/v1/analysis/settings',
    auth: 'user',
    area: 'analysis',
    summary: 'Every version of the shift calendars, targets, downtime rules and exclusions',
    data: analysisSettings,
  }),
  saveAnalysisSetting: defineRoute({
    id: 'saveAnalysisSetting',
    method: 'PUT',
    path: '/opt/v1/analysis/settings',
    auth: 'user',
    area: 'analysis',
    summary:
      'Save a version of a setting from a date (the same scope and date replaces it); days from that date are recomputed',
    body: saveSettingBody,
    data: settingVersion,
  }),
  removeAnalysisSetting: defineRoute({
    id: 'removeAnalysisSetting',
    method: 'DELETE',
    path: '/opt/v1/analysis/settings/:id',
    auth: 'user',
    area: 'analysis',
    summary: 'Remove a version; the days it covered are recomputed with the version before it',
    params: idParam,
    data: nothing,
  }),
  recomputeAnalysis: defineRoute({
    id: 'recomputeAnalysis',
    method: 'POST',
    path: '/opt/v1/analysis/recompute',
    auth: 'user',
    area: 'analysis',
    summary: 'Rebuild the figures of every day from a date with the settings in effect on each day',
    body: recomputeBody,
    data: recomputeResult,
  }),
};

/** Reports e-mailed on a schedule, and alerts when a KPI misses its target. */
export const analysisReportRoutes = {
  listAnalysisReports: defineRoute({
    id: 'listAnalysisReports',
    method: 'GET',
    path: '/opt/v1/analysis/reports',
    auth: 'user',
    area: 'analysis',
    summary: 'The report subscriptions of the company',
    data: z.array(analysisReport),
  }),
  saveAnalysisReport: defineRoute({
    id: 'saveAnalysisReport',
    method: 'PUT',
    path: '/opt/v1/analysis/reports',
    auth: 'user',
    area: 'analysis',
    summary: 'Add a report subscription, or change one (with its id); its next sending is worked out again',
    body: saveReportBody,
    data: analysisReport,
  }),
  removeAnalysisReport: defineRoute({
    id: 'removeAnalysisReport',
    method: 'DELETE',
    path: '/opt/v1/analysis/reports/:id',
    auth: 'user',
    area: 'analysis',
    summary: 'Stop and remove a report subscription',
    params: idParam,
    data: nothing,
  }),
  sendAnalysisReport: defineRoute({
    id: 'sendAnalysisReport',
    method: 'POST',
    path: '/opt/v1/analysis/reports/:id/send',
    auth: 'user',
    area: 'analysis',
    summary: 'Send a report now for its last complete period, to check it (its schedule is unchanged)',
    params: idParam,
    data: z.object({ sentTo: z.array(z.string()) }),
  }),
  listAnalysisAlerts: defineRoute({
    id: 'listAnalysisAlerts',
    method: 'GET',
    path: '/opt/v1/analysis/alerts',
    auth: 'user',
    area: 'analysis',
    summary: 'The KPI alerts of the company',
    data: z.array(analysisAlert),
  }),
  saveAnalysisAlert: defineRoute({
    id: 'saveAnalysisAlert',
    method: 'PUT',
    path: '/opt/v1/analysis/alerts',
    auth: 'user',
    area: 'analysis',
    summary: 'Add a KPI alert, or change one (with its id)',
    body: saveAlertBody,
    data: analysisAlert,
  }),
  removeAnalysisAlert: defineRoute({
    id: 'removeAnalysisAlert',
    method: 'DELETE',
    path: '/opt/v1/analysis/alerts/:id',
    auth: 'user',
    area: 'analysis',
    summary: 'Remove a KPI alert',
    params: idParam,
    data: nothing,
  }),
};
