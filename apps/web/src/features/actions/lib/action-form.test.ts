import { describe, expect, it } from 'vitest';
import {
  EMPTY_ACTION_FORM,
  actionInputFromForm,
  formValuesFromAction,
  parseHeaders,
  parseJsonObject,
  parseJsonOrEmpty,
  parseWholeNumber,
  splitCommaList,
} from './action-form';
import { anAction, specDefaults } from './test-action';

const restartAction = () =>
  anAction({
    name: 'Restart orders-db',
    description: 'Restarts the pool',
    template_command: {
      method: 'PUT',
      url: 'https://ops.example.com/restart/{{component}}',
      headers: { Authorization: '••••' },
      body: { force: true },
      timeout: 45,
    },
    tags: ['restart', 'database'],
    keywords: ['pool'],
    max_retries: 2,
    timeout_seconds: 120,
    required_parameters: { component: 'service to restart' },
    safety_constraints: { business_hours_only: true },
    is_active: false,
  });

describe('the JSON areas', () => {
  it.each([
    ['{"a": 1}', { a: 1 }],
    ['', {}],
    ['{not json', {}],
    ['[1, 2]', {}],
    ['42', {}],
    ['null', {}],
  ])('parseJsonObject(%j) is %j', (text, value) => {
    expect(parseJsonObject(text)).toEqual(value);
  });

  it('keeps any JSON body and replaces a broken one with {}', () => {
    expect(parseJsonOrEmpty('[1, "two"]')).toEqual([1, 'two']);
    expect(parseJsonOrEmpty('"text"')).toBe('text');
    expect(parseJsonOrEmpty('{"open": ')).toEqual({});
  });

  it('writes header values out as text', () => {
    expect(parseHeaders('{"X-Retry": 3, "X-Dry": false, "Accept": "application/json"}')).toEqual({
      'X-Retry': '3',
      'X-Dry': 'false',
      Accept: 'application/json',
    });
  });
});

describe('splitCommaList', () => {
  it('trims items and drops blanks', () => {
    expect(splitCommaList(' restart, database ,, ,cache ')).toEqual([
      'restart',
      'database',
      'cache',
    ]);
    expect(splitCommaList('')).toEqual([]);
  });
});

describe('parseWholeNumber', () => {
  it.each([
    ['7', 7],
    [' 12 ', 12],
    ['0', 0],
    ['-1', -1],
    ['', 300],
    ['1.5', 300],
    ['ten', 300],
  ])('%j reads %d', (text, value) => {
    expect(parseWholeNumber(text, 300)).toBe(value);
  });
});

describe('actionInputFromForm', () => {
  it('builds the spec defaults from an empty form', () => {
    expect(
      actionInputFromForm({
        ...EMPTY_ACTION_FORM,
        name: ' Flush cache ',
        url: ' https://x.test/flush ',
      }),
    ).toEqual({
      name: 'Flush cache',
      description: '',
      template_command: { method: 'POST', url: 'https://x.test/flush', headers: {}, body: {} },
      ...specDefaults(),
    });
  });

  it('replaces every broken JSON area with an empty object', () => {
    const input = actionInputFromForm({
      ...EMPTY_ACTION_FORM,
      headers: '{oops',
      body: 'nope',
      requiredParameters: '[',
      optionalParameters: '"text"',
      safetyConstraints: '{"max_concurrent_limit":',
    });
    expect(input.template_command.headers).toEqual({});
    expect(input.template_command.body).toEqual({});
    expect(input.required_parameters).toEqual({});
    expect(input.optional_parameters).toEqual({});
    expect(input.safety_constraints).toEqual({});
  });

  it('round-trips an action through the form, keeping its command timeout', () => {
    const action = restartAction();
    const input = actionInputFromForm(formValuesFromAction(action), action.template_command);
    expect(input).toEqual({
      name: action.name,
      description: action.description,
      template_command: action.template_command,
      tags: action.tags,
      keywords: action.keywords,
      max_retries: action.max_retries,
      timeout_seconds: action.timeout_seconds,
      required_parameters: action.required_parameters,
      optional_parameters: action.optional_parameters,
      safety_constraints: action.safety_constraints,
      is_active: false,
    });
  });
});
