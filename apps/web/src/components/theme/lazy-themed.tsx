import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a component built with MUI: the component and the MUI theme load together on
 * first use, and the component renders inside the theme.
 */
export function lazyThemed<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ MuiTheme }, { default: Component }] = await Promise.all([
      import('./MuiTheme.tsx'),
      load(),
    ]);
    function Themed(props: P) {
      return (
        <MuiTheme>
          <Component {...props} />
        </MuiTheme>
      );
    }
    return { default: Themed };
  });
}
