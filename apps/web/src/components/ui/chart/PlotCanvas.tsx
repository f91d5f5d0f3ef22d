import 'uplot/dist/uPlot.min.css';

import { useComputedColorScheme } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import uPlot from 'uplot';

import { plotSetup, type PlotInput } from './plot-options.ts';

export type PlotCanvasProps = Omit<PlotInput, 'width'>;

/** What the chart's frame can ask of the canvas. */
export interface PlotHandle {
  /** Back to the whole range after a zoom (same as a double-click). */
  resetZoom: () => void;
}

/**
 * The uPlot canvas (loaded lazily with uPlot, never with the initial bundle). Drag across it to zoom
 * in on a time span, double-click to see the whole range again; the tooltip follows the pointer.
 */
const PlotCanvas = forwardRef<PlotHandle, PlotCanvasProps>(function PlotCanvas(props, ref) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { columns, styles, range, unit, shape, zone, height, hidden, onZoom } = props;
  // The canvas's ink follows the colour scheme: the plot is built again when it changes.
  const scheme = useComputedColorScheme('light');
  // Visibility is applied to the live plot below; the plot is built with the state it starts in.
  const hiddenAtBuild = useRef(hidden);
  hiddenAtBuild.current = hidden;
  const zoomListener = useRef(onZoom);
  zoomListener.current = onZoom;

  useImperativeHandle(ref, () => ({
    resetZoom: () => {
      const u = plot.current;
      const xs = u?.data[0];
      if (!u || !xs || xs.length === 0) return;
      u.setScale('x', { min: xs[0] as number, max: xs[xs.length - 1] as number });
    },
  }));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let built: { u: uPlot; resize: ResizeObserver } | undefined;
    // A page's charts get their data together: each plot is built in a task of its own, so a page of
    // charts is several short tasks instead of one long one that holds up input on a phone.
    const build = setTimeout(() => {
      const width = Math.max(200, el.clientWidth);
      const { options, data } = plotSetup({
        columns,
        styles,
        range,
        unit,
        shape,
        zone,
        width,
        height,
        hidden: hiddenAtBuild.current,
        onZoom: (zoomed) => zoomListener.current?.(zoomed),
      });
      // The drawn x range and point count as data attributes (data-x-min, data-x-max, data-points), so a
      // test or a person inspecting the page can tell what the canvas shows and that a zoom moved it.
      const mark = (u: uPlot) => {
        const x = u.scales.x;
        if (typeof x?.min === 'number') el.dataset.xMin = String(Math.round(x.min));
        if (typeof x?.max === 'number') el.dataset.xMax = String(Math.round(x.max));
        el.dataset.points = String(u.data[0]?.length ?? 0);
      };
      const hooks = options.hooks ?? {};
      options.hooks = {
        ...hooks,
        ready: [...(hooks.ready ?? []), mark],
        setScale: [...(hooks.setScale ?? []), (u, key) => key === 'x' && mark(u)],
      };
      const u = new uPlot(options, data, el);
      plot.current = u;
      const resize = new ResizeObserver(() => {
        const w = Math.max(200, el.clientWidth);
        if (w !== u.width) u.setSize({ width: w, height });
      });
      resize.observe(el);
      built = { u, resize };
    }, 0);
    return () => {
      clearTimeout(build);
      built?.resize.disconnect();
      built?.u.destroy();
      plot.current = null;
    };
  }, [columns, styles, range, unit, shape, zone, height, scheme]);

  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    hidden.forEach((h, i) => {
      if (u.series[i + 1] && u.series[i + 1]?.show === h) u.setSeries(i + 1, { show: !h });
    });
  }, [hidden]);

  return <div ref={box} data-testid="chart-canvas" className="chart-canvas" />;
});

export default PlotCanvas;
