import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { STAKEHOLDERS } from '../data/landing.ts';
import { useInView } from '../hooks/use-in-view.ts';
import { usePrefersReducedMotion } from '../hooks/use-media-query.ts';

/** Figures of the specification (section 9). */
export const NETWORK_VISIBILITY_THRESHOLD = 0.3;
export const NETWORK_START_DELAY_MS = 3200;
export const NETWORK_TICK_MS = 16;
export const CARD_VISIBILITY_THRESHOLD = 0.5;

const WIDTH = 800;
const HEIGHT = 520;
const HUB = { x: WIDTH / 2, y: HEIGHT / 2 };
const RADIUS = { x: 315, y: 200 };
/** Ticks for a data packet to travel from a stakeholder to the hub (about 1.6 s at 16 ms). */
const TRAVEL_TICKS = 100;
/** Ticks each stakeholder stays highlighted. */
const HIGHLIGHT_TICKS = 60;

const NODES = STAKEHOLDERS.map((stakeholder, index) => {
  const angle = (index / STAKEHOLDERS.length) * Math.PI * 2 - Math.PI / 2;
  return { ...stakeholder, x: HUB.x + RADIUS.x * Math.cos(angle), y: HUB.y + RADIUS.y * Math.sin(angle) };
});

type NetworkState = 'static' | 'waiting' | 'running';

/**
 * Starts once 30% of the diagram is visible, waits 3.2 s, then advances one tick every 16 ms while the
 * diagram stays visible. Reduced motion: the diagram is drawn once and never animates.
 */
const useNetworkTicks = (inView: boolean, reducedMotion: boolean) => {
  const [started, setStarted] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (reducedMotion || started || !inView) return;
    const timer = window.setTimeout(() => setStarted(true), NETWORK_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [inView, reducedMotion, started]);

  useEffect(() => {
    if (reducedMotion || !started || !inView) return;
    const interval = window.setInterval(() => setTick((value) => value + 1), NETWORK_TICK_MS);
    return () => window.clearInterval(interval);
  }, [inView, reducedMotion, started]);

  const state: NetworkState = reducedMotion ? 'static' : started ? 'running' : 'waiting';
  return { state, tick };
};

const NetworkDiagram = () => {
  const reducedMotion = usePrefersReducedMotion();
  const [ref, inView] = useInView<HTMLDivElement>({ threshold: NETWORK_VISIBILITY_THRESHOLD });
  const { state, tick } = useNetworkTicks(inView, reducedMotion);
  const running = state === 'running';
  const active = running ? Math.floor(tick / HIGHLIGHT_TICKS) % NODES.length : -1;

  return (
    <div ref={ref} data-testid="stakeholder-network" data-state={state} className="mt-12 hidden md:block">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Tidewise at the centre of ten stakeholder types: ${STAKEHOLDERS.map((s) => s.name).join(', ')}.`}
      >
        <g className="stroke-border" strokeWidth="1.5">
          {NODES.map((node, index) => (
            <line
              key={node.name}
              x1={node.x}
              y1={node.y}
              x2={HUB.x}
              y2={HUB.y}
              className={cn(index === active && 'stroke-primary')}
              strokeDasharray={running ? undefined : '4 6'}
            />
          ))}
        </g>
        {running
          ? NODES.map((node, index) => {
              const progress = ((tick + index * 17) % TRAVEL_TICKS) / TRAVEL_TICKS;
              const inbound = Math.floor((tick + index * 17) / TRAVEL_TICKS) % 2 === 0;
              const t = inbound ? progress : 1 - progress;
              return (
                <circle
                  key={node.name}
                  data-testid="network-packet"
                  cx={node.x + (HUB.x - node.x) * t}
                  cy={node.y + (HUB.y - node.y) * t}
                  r="4"
                  className="fill-primary"
                />
              );
            })
          : null}
        <circle cx={HUB.x} cy={HUB.y} r="58" className="fill-primary" />
        <text x={HUB.x} y={HUB.y + 6} textAnchor="middle" className="fill-primary-foreground text-lg font-bold">
          Tidewise
        </text>
        {NODES.map((node, index) => (
          <g key={node.name}>
            <rect
              x={node.x - 66}
              y={node.y - 20}
              width="132"
              height="40"
              rx="20"
              className={cn('fill-card stroke-border', index === active && 'stroke-primary')}
              strokeWidth={index === active ? 2.5 : 1.5}
            />
            <text x={node.x} y={node.y + 5} textAnchor="middle" className="fill-foreground text-sm font-semibold">
              {node.short}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
};

const StakeholderCard = ({ name, text, index }: { name: string; text: string; index: number }) => {
  const reducedMotion = usePrefersReducedMotion();
  const [ref, inView] = useInView<HTMLLIElement>({ threshold: CARD_VISIBILITY_THRESHOLD, once: true });
  const shown = reducedMotion || inView;
  return (
    <li
      ref={ref}
      data-testid="stakeholder-card"
      data-visible={shown}
      className={cn(
        'rounded-xl border border-border bg-card p-4',
        !reducedMotion && 'transition-[opacity,translate] duration-500',
        shown ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0',
      )}
    >
      <p className="flex items-center gap-3 font-semibold">
        <span
          aria-hidden="true"
          className="grid size-7 shrink-0 place-items-center rounded-full bg-secondary text-xs text-secondary-foreground"
        >
          {index + 1}
        </span>
        {name}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{text}</p>
    </li>
  );
};

/** The ten stakeholder types: an animated network from 768 px up, a list of cards below it. */
export const StakeholderNetwork = () => (
  <>
    <NetworkDiagram />
    <ul className="mt-10 grid gap-3 md:hidden" aria-label="Stakeholder types">
      {STAKEHOLDERS.map((stakeholder, index) => (
        <StakeholderCard key={stakeholder.name} name={stakeholder.name} text={stakeholder.text} index={index} />
      ))}
    </ul>
    <ul className="mt-10 hidden gap-x-8 gap-y-3 text-sm text-muted-foreground md:grid md:grid-cols-2 lg:grid-cols-5">
      {STAKEHOLDERS.map((stakeholder) => (
        <li key={stakeholder.name}>
          <span className="font-semibold text-foreground">{stakeholder.short}:</span> {stakeholder.text}
        </li>
      ))}
    </ul>
  </>
);
