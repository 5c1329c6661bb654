// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { passwordStrength, personalWords } from './password-strength.ts';

describe('passwordStrength', () => {
  it('refuses the most used passwords and their usual disguises', () => {
    for (const password of ['password', 'Password1', 'password123', '12345678', 'qwertyuiop', 'iloveyou2024', 'passwort123', 'motdepasse']) {
      const verdict = passwordStrength(password);
      expect(verdict.acceptable, password).toBe(false);
      expect(verdict.score, password).toBeLessThan(3);
    }
    expect(passwordStrength('password').weakness).toBe('common');
  });

  it('says why: too short, a keyboard row, a repeat, the person’s own name', () => {
    expect(passwordStrength('   short   ')).toEqual({ score: 0, acceptable: false, weakness: 'tooShort' });
    expect(passwordStrength('aaaaaaaaaa').weakness).toBe('repeated');
    expect(passwordStrength('gracehopper', personalWords('Grace Hopper', 'grace@example.com'))).toMatchObject({ acceptable: false, weakness: 'personal' });
    expect(passwordStrength('grace.hopper', personalWords('G. H.', 'grace.hopper@example.com'))).toMatchObject({ acceptable: false, weakness: 'personal' });
  });

  it('accepts passphrases and long mixed passwords', () => {
    for (const password of ['correct horse battery', 'four word pass phrase', 'Tr0ub4dor&3', 'delivered late 1']) {
      expect(passwordStrength(password), password).toMatchObject({ acceptable: true, weakness: null });
    }
  });
});

describe('personalWords', () => {
  it('takes a name and an address whole and word by word', () => {
    expect(personalWords('Grace Hopper', 'grace.hopper@example.com')).toEqual(
      expect.arrayContaining(['grace hopper', 'grace', 'hopper', 'grace.hopper@example.com', 'grace.hopper', 'example']),
    );
    expect(personalWords(null, undefined)).toEqual([]);
  });
});
