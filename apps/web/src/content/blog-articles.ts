import immutableStateImage from './images/blog-immutable-state.webp';
import performanceImage from './images/blog-performance.webp';
import prototypesImage from './images/blog-prototypes.webp';
import searchImage from './images/blog-search.webp';
import stateImage from './images/blog-state.webp';
import unitTestsImage from './images/blog-unit-tests.webp';

export interface BlogArticle {
  slug: string;
  question: string;
  image: { src: string; alt: string; height: 500 | 350 | 600 };
  paragraphs: string[];
  code?: string;
}

/** The six interview questions of docs/product.md §2, answered. */
export const blogArticles: BlogArticle[] = [
  {
    slug: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    image: {
      src: performanceImage,
      alt: 'Abstract illustration of speed: shapes on a blue field',
      height: 500,
    },
    paragraphs: [
      'Measure first. The React Developer Tools profiler shows which components render, how often and how long each render takes; the browser’s performance panel and Lighthouse show what the user waits for. Optimising without a measurement usually moves work around instead of removing it.',
      'Render less. Keep state as close as possible to the components that use it, so a change re-renders a small subtree instead of the whole page. Split large components, pass stable props, and use memo, useMemo and useCallback where the profiler shows a costly render that repeats with the same inputs.',
      'Ship less. Split the bundle by route with lazy imports so a visitor downloads only the page they open, remove unused dependencies, and serve compressed, long-cached assets. Images deserve the same care: the right size, a modern format such as WebP, width and height set to avoid layout shifts, and lazy loading below the fold.',
      'Long lists should be paged or virtualised, and data fetching should be cached and deduplicated (a library such as TanStack Query does this), so the same request is not made again for every component that needs its answer.',
    ],
  },
  {
    slug: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    image: { src: stateImage, alt: 'Abstract illustration of connected shapes on a teal field', height: 350 },
    paragraphs: [
      'Local state with useState or useReducer is the starting point: a form field, an open menu or a selected tab belongs to the component that shows it. useReducer helps when several values change together according to clear rules.',
      'When siblings need the same value, lift the state to their closest common parent and pass it down. When many distant components need it, React Context shares it without passing props through every level; it suits values that change rarely, such as the signed-in user or a theme.',
      'Server state — data that lives in a database and is fetched over HTTP — is best handled by a data-fetching library such as TanStack Query or SWR, which caches, refetches and invalidates it. Global client state that changes often can go into a store such as Redux Toolkit, Zustand or Jotai.',
      'The URL is state too: the current page, filters and search terms kept in the path or query string survive a reload and can be shared as a link.',
    ],
  },
  {
    slug: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work in JavaScript?',
    image: {
      src: prototypesImage,
      alt: 'Abstract illustration of a chain of shapes on a violet field',
      height: 600,
    },
    paragraphs: [
      'Every JavaScript object has an internal link to another object, its prototype. When you read a property that the object does not have itself, the engine looks it up on the prototype, then on the prototype’s prototype, and so on until it reaches null. This lookup path is the prototype chain.',
      'Objects created with a constructor function and new get the function’s prototype property as their prototype, so methods defined there are shared by every instance instead of being copied. Object.create(proto) creates an object with a prototype of your choice, and Object.getPrototypeOf reads it.',
      'The class syntax is a clearer way to write the same thing: methods of a class live on its prototype, and extends links one prototype to another, so an instance of a subclass finds the parent class’s methods through the chain.',
      'Writing a property always creates or changes it on the object itself, never on the prototype. That is why instances can override shared behaviour without affecting each other.',
    ],
  },
  {
    slug: 'do-not-set-state-directly',
    question: 'Why should you not set React state directly, and what should you do instead?',
    image: {
      src: immutableStateImage,
      alt: 'Abstract illustration of layered shapes on a red field',
      height: 500,
    },
    paragraphs: [
      'Writing products = [...newProducts] or pushing into a state array changes a variable, but React does not know it happened. React re-renders a component only when its state setter is called, so the screen keeps showing the old value.',
      'Mutating the existing object or array is just as harmful. React compares the previous and the next state by reference; if the reference is the same, it may skip the render, and memoised children and effects that depend on the value will not update.',
      'Always call the setter with a new value: setProducts([...products, part]) to add, products.filter(...) to remove and products.map(...) to change one item. When the next value depends on the previous one, pass a function, setCount(c => c + 1), so updates that React batches together are all applied.',
    ],
  },
  {
    slug: 'search-products-by-name',
    question: 'How do you search an array of products by name in JavaScript?',
    image: {
      src: searchImage,
      alt: 'Abstract illustration of a magnifier-like circle on a blue field',
      height: 350,
    },
    paragraphs: [
      'Array.prototype.filter returns a new array with the items for which a test returns true. To find products whose name contains what the user typed, compare both in lower case and use includes, which matches anywhere in the name.',
      'Trim the search text first, and return the whole list when it is empty. For large catalogs, let the server search (as this shop does with its q parameter) so the browser does not download every product.',
    ],
    code: `function searchByName(products, text) {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return products;
  return products.filter((product) => product.name.toLowerCase().includes(wanted));
}

searchByName(parts, 'multi'); // → the multimeter`,
  },
  {
    slug: 'unit-tests',
    question: 'What is a unit test and why should you write unit tests?',
    image: {
      src: unitTestsImage,
      alt: 'Abstract illustration of checked shapes on a green field',
      height: 600,
    },
    paragraphs: [
      'A unit test checks one small piece of code — a function, a module, a component — in isolation: it calls it with known inputs and asserts on the output or the behaviour. Tools such as Vitest or Jest run them in seconds.',
      'Unit tests catch mistakes when they are cheapest to fix, right after the code is written. They also document how the code is meant to be used, and they make refactoring safe: if the tests still pass, the behaviour they describe has not changed.',
      'Good unit tests assert what a caller would notice, not how the code is built inside, so they do not break on every refactor. They are fast, independent of each other and repeatable. Together with integration tests and a few end-to-end tests, they give confidence that the whole product works.',
    ],
  },
];
