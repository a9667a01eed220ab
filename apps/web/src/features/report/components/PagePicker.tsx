// The page picker on /report: every page of the report, switched on or off and put in order by dragging (mouse or touch),
// by the keyboard (Space on the handle, arrows, Space) or with the move buttons. The list order is the print order.
import { useState } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { pageDefinition, type PageChoice, type PageChoiceEntry } from '@cma/report/pages';

export interface PagePickerProps {
  choice: PageChoice;
  onChange(choice: PageChoice): void;
  /** Names of the agent's uploaded pages by page id ('custom:<id>'). */
  customLabels: Record<string, string>;
  onSaveDefault(): void;
  savingDefault: boolean;
}

function labelOf(id: string, customLabels: Record<string, string>): { label: string; description: string; required: boolean } {
  const page = pageDefinition(id);
  if (page) return { label: page.label, description: page.description, required: page.required === true };
  return { label: customLabels[id] ?? 'Uploaded page', description: 'Your uploaded PDF page', required: false };
}

export function PagePicker({ choice, onChange, customLabels, onSaveDefault, savingDefault }: PagePickerProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const [status, setStatus] = useState('');
  const name = (id: string | number) => labelOf(String(id), customLabels).label;

  function move(from: number, to: number) {
    if (to < 0 || to >= choice.length || from === to) return;
    onChange(arrayMove(choice, from, to));
    setStatus(`${name(choice[from]!.id)} moved to position ${to + 1} of ${choice.length}.`);
  }
  function onDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    move(
      choice.findIndex((entry) => entry.id === active.id),
      choice.findIndex((entry) => entry.id === over.id),
    );
  }
  const printed = choice.filter((entry) => entry.on).length;

  return (
    <section className="card page-picker" aria-labelledby="page-picker-title">
      <h2 className="h4" id="page-picker-title">
        Pages
      </h2>
      <p className="page-picker__hint" id="page-picker-hint">
        Tick the pages to print and put them in order: drag a page by its handle, or focus the handle and press Space, the arrow keys and Space again. {printed} of {choice.length} pages print.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${name(over.id)}.` : `${name(active.id)} is no longer over a page.`),
            onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped at ${name(over.id)}'s place.` : `${name(active.id)} dropped.`),
            onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
          },
          screenReaderInstructions: { draggable: 'Press Space to pick up the page, the arrow keys to move it, Space to drop it or Escape to cancel.' },
        }}
      >
        <SortableContext items={choice.map((entry) => entry.id)} strategy={verticalListSortingStrategy}>
          <ol className="page-picker__list" aria-describedby="page-picker-hint">
            {choice.map((entry, index) => (
              <PageRow
                key={entry.id}
                entry={entry}
                index={index}
                count={choice.length}
                info={labelOf(entry.id, customLabels)}
                onToggle={(on) => onChange(choice.map((e) => (e.id === entry.id ? { ...e, on } : e)))}
                onMove={(to) => move(index, to)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <button type="button" className="button button--ghost page-picker__default" onClick={onSaveDefault} disabled={savingDefault}>
        {savingDefault ? 'Saving…' : 'Save as my default'}
      </button>
    </section>
  );
}

function PageRow({
  entry,
  index,
  count,
  info,
  onToggle,
  onMove,
}: {
  entry: PageChoiceEntry;
  index: number;
  count: number;
  info: { label: string; description: string; required: boolean };
  onToggle(on: boolean): void;
  onMove(to: number): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.id });
  const checkboxId = `page-${entry.id}`;
  return (
    <li
      ref={setNodeRef}
      className={`page-picker__row${entry.on ? '' : ' page-picker__row--off'}${isDragging ? ' page-picker__row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-page-id={entry.id}
    >
      <button type="button" className="page-picker__handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Move ${info.label} (position ${index + 1} of ${count})`}>
        <span aria-hidden="true">⠿</span>
      </button>
      <input id={checkboxId} type="checkbox" checked={entry.on} disabled={info.required} onChange={(e) => onToggle(e.target.checked)} />
      <label htmlFor={checkboxId} className="page-picker__label" title={info.description}>
        {info.label}
        {info.required && <span className="page-picker__note"> (always printed)</span>}
      </label>
      <span className="page-picker__moves">
        <button type="button" className="page-picker__move" onClick={() => onMove(index - 1)} disabled={index === 0} aria-label={`Move ${info.label} up`}>
          ↑
        </button>
        <button type="button" className="page-picker__move" onClick={() => onMove(index + 1)} disabled={index === count - 1} aria-label={`Move ${info.label} down`}>
          ↓
        </button>
      </span>
    </li>
  );
}
