import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './accordion.tsx';

const ITEMS = [
  { id: 'credits', title: 'What are credits?', content: <p>You spend them on videos.</p> },
  { id: 'refunds', title: 'What if a video fails?', content: <p>Credits come back.</p> },
  { id: 'privacy', title: 'Who sees my videos?', content: <p>Only you.</p> },
];

describe('Accordion', () => {
  it('starts closed and opens and closes an answer with its question', async () => {
    render(<Accordion items={ITEMS} />);
    const question = screen.getByRole('button', { name: 'What are credits?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'What are credits?' })).not.toBeInTheDocument();

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'What are credits?' });
    expect(answer).toHaveTextContent('You spend them on videos.');
    expect(question).toHaveAttribute('aria-controls', answer.id);

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('keeps several answers open and puts each question in a heading', async () => {
    render(<Accordion items={ITEMS} initiallyOpen={['privacy']} headingLevel="h3" />);
    await userEvent.click(screen.getByRole('button', { name: 'What are credits?' }));
    expect(screen.getByRole('region', { name: 'What are credits?' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Who sees my videos?' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it('works from the keyboard: Enter and Space toggle, arrows, Home and End move between questions', async () => {
    render(<Accordion items={ITEMS} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'What are credits?' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'What are credits?' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'What if a video fails?' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: 'What if a video fails?' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Who sees my videos?' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'What are credits?' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Who sees my videos?' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'What are credits?' })).toHaveFocus();
  });

  it('stops making answers labelled regions once there are more than six, so the landmark list stays short', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ id: `q${i}`, title: `Question ${i}`, content: <p>Answer {i}</p> }));
    render(<Accordion items={many} initiallyOpen={['q0']} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    const question = screen.getByRole('button', { name: 'Question 0' });
    const answer = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(answer).toHaveTextContent('Answer 0');
    expect(answer).toBeVisible();
    await userEvent.click(question);
    expect(answer).not.toBeVisible();
  });
});
