import { request } from './http'
import type {
  FinishTrainingBody,
  FinishTrainingResult,
  TrainingLesson,
  TrainingOverview,
  TrainingTrack,
} from '../../contract/training'

/** GET /api/user/training: today, the prize, the tracks, and the lessons of `track`. */
export function getTraining(track?: TrainingTrack): Promise<TrainingOverview> {
  return request<TrainingOverview>('/api/user/training', { query: { track } })
}

/** GET /api/user/training/playing: a lesson to read and its questions. */
export function getLesson(resourceId: string): Promise<TrainingLesson> {
  return request<TrainingLesson>('/api/user/training/playing', { query: { resourceId } })
}

/** POST /api/user/training: finishes a lesson with the answers, and pays the prize. */
export function finishLesson(body: FinishTrainingBody): Promise<FinishTrainingResult> {
  return request<FinishTrainingResult>('/api/user/training', { method: 'POST', body })
}
