import { NavLink } from 'react-router';

const STEPS = [
  { to: '/home', label: 'Start' },
  { to: '/confirm-subject', label: 'Subject' },
  { to: '/compare', label: 'Comparables' },
  { to: '/adjustment', label: 'Adjustments' },
  { to: '/review', label: 'Review' },
  { to: '/report', label: 'Report' },
];

/** The workflow's steps; every step stays reachable so no work is locked away. */
export function StepNav() {
  return (
    <nav className="cma-steps" aria-label="CMA steps">
      <ol>
        {STEPS.map((step, index) => (
          <li key={step.to}>
            <NavLink to={step.to} className={({ isActive }) => `cma-steps__link${isActive ? ' cma-steps__link--active' : ''}`}>
              <span className="cma-steps__number" aria-hidden="true">{index + 1}</span> {step.label}
            </NavLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
