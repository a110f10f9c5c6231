import { useEffect, useState } from 'react';

/** Space under the header, toolbar and summary: the virtual table scrolls inside it, not the page. */
const CHROME_PX = 330;
const MIN_PX = 320;

export function useTableHeight(): number {
  const [height, setHeight] = useState(() => Math.max(MIN_PX, window.innerHeight - CHROME_PX));
  useEffect(() => {
    const onResize = () => setHeight(Math.max(MIN_PX, window.innerHeight - CHROME_PX));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}
