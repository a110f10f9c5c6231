import type { KpiId, Language, TaskOutcome, TaskType } from '@fleet/contract';

/*
 * The words of exported files and e-mailed reports, made on the server. The console's own words are in
 * web/public/locales/{en,zh}/analysis.json; these are the few a file needs: column names, outcomes, types.
 */

type Words = Record<Language, string>;

export const KPI_NAMES: Record<KpiId, Words> = {
  tasksDone: { en: 'Tasks done', zh: '完成任务数' },
  successRate: { en: 'Success rate', zh: '成功率' },
  distance: { en: 'Distance', zh: '行驶距离' },
  workingHours: { en: 'Working time', zh: '工作时长' },
  availability: { en: 'Availability', zh: '可用率' },
  utilisation: { en: 'Utilisation', zh: '利用率' },
  cleanedArea: { en: 'Cleaned area', zh: '清洁面积' },
  coverage: { en: 'Coverage', zh: '覆盖率' },
  tasksPerHour: { en: 'Tasks per hour', zh: '每小时任务数' },
  areaPerHour: { en: 'Area per hour', zh: '每小时清洁面积' },
  errors: { en: 'Errors', zh: '故障次数' },
  mtbf: { en: 'Mean time between failures', zh: '平均故障间隔' },
  mttr: { en: 'Mean time to repair', zh: '平均修复时间' },
  interventionsPer100: { en: 'Interventions per 100 tasks', zh: '每百任务干预次数' },
  activeRobots: { en: 'Active robots', zh: '活跃机器人' },
  liftRides: { en: 'Lift rides', zh: '乘梯次数' },
  liftWait: { en: 'Mean lift wait', zh: '平均候梯时间' },
  calls: { en: 'Calls from devices', zh: '设备呼叫' },
};

export const WORDS = {
  robot: { en: 'Robot', zh: '机器人' },
  building: { en: 'Building', zh: '楼宇' },
  model: { en: 'Model', zh: '型号' },
  robots: { en: 'Robots', zh: '机器人数' },
  period: { en: 'Period start', zh: '周期开始' },
  type: { en: 'Type', zh: '类型' },
  outcome: { en: 'Outcome', zh: '结果' },
  started: { en: 'Started', zh: '开始时间' },
  ended: { en: 'Ended', zh: '结束时间' },
  timeZone: { en: 'Time zone', zh: '时区' },
  duration: { en: 'Duration (min)', zh: '时长（分钟）' },
  plannedArea: { en: 'Planned area', zh: '计划面积' },
  liftWaitS: { en: 'Lift wait (s)', zh: '候梯时间（秒）' },
  interventions: { en: 'Interventions', zh: '干预次数' },
  errorCodes: { en: 'Error codes', zh: '故障代码' },
  order: { en: 'Order', zh: '订单' },
  sheetRanking: { en: 'Ranking', zh: '排行' },
  sheetTrend: { en: 'Trend', zh: '趋势' },
  sheetTasks: { en: 'Tasks', zh: '任务' },
} satisfies Record<string, Words>;

export const OUTCOMES: Record<TaskOutcome, Words> = {
  completed: { en: 'completed', zh: '完成' },
  partial: { en: 'partial', zh: '部分完成' },
  cancelled: { en: 'cancelled', zh: '已取消' },
  failed: { en: 'failed', zh: '失败' },
};

export const TYPES: Record<TaskType, Words> = {
  deliver: { en: 'delivery', zh: '配送' },
  clean: { en: 'cleaning', zh: '清洁' },
  call: { en: 'call', zh: '呼叫' },
  cruise: { en: 'cruise', zh: '巡航' },
};
