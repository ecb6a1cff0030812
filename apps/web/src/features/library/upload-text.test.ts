import { describe, expect, it } from 'vitest';
import { sendingText, timeLeftText, uploadStageText } from './upload-text.ts';

const running = { state: 'running' as const, progress: null, secondsLeft: null };

describe('uploadStageText', () => {
  it('says each stage in words', () => {
    expect(uploadStageText({ ...running, state: 'queued', stage: null })).toBe('Waiting…');
    expect(uploadStageText({ ...running, stage: null })).toBe('Waiting…');
    expect(uploadStageText({ ...running, stage: 'checking' })).toBe('Checking the PDF…');
    expect(uploadStageText({ ...running, stage: 'graph' })).toBe('Building the relationship graph…');
    expect(uploadStageText({ ...running, stage: 'cover' })).toBe('Rendering the cover…');
    expect(uploadStageText({ ...running, stage: 'saving' })).toBe('Saving…');
  });

  it('counts the pages read while extracting, with the time left once there is a pace', () => {
    const extracting = { ...running, stage: 'extracting' as const, progress: { done: 12, total: 340 } };
    expect(uploadStageText({ ...extracting, secondsLeft: 150 })).toBe(
      'Reading pages 12 of 340 — about 3 min left',
    );
    expect(uploadStageText({ ...extracting, secondsLeft: 20 })).toBe(
      'Reading pages 12 of 340 — less than a minute left',
    );
    expect(uploadStageText(extracting)).toBe('Reading pages 12 of 340…');
    expect(uploadStageText({ ...running, stage: 'extracting' })).toBe('Reading pages…');
  });

  it('says a failed upload could not be added', () => {
    expect(uploadStageText({ ...running, state: 'failed', stage: 'checking' })).toBe('Could not be added');
  });
});

describe('timeLeftText and sendingText', () => {
  it('round minutes up', () => {
    expect(timeLeftText(60)).toBe('about 1 min left');
    expect(timeLeftText(61)).toBe('about 2 min left');
  });

  it('shows the bytes sent as a whole percentage', () => {
    expect(sendingText(0, 1000)).toBe('Uploading… 0%');
    expect(sendingText(425, 1000)).toBe('Uploading… 42%');
    expect(sendingText(1000, 1000)).toBe('Uploading… 100%');
    expect(sendingText(0, 0)).toBe('Uploading… 0%');
  });
});
