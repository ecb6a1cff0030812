/**
 * The text of Threadbook's sample textbook, "Networks and Graphs: A Gentle Introduction".
 *
 * This file is the single source of the book: build.ts renders it to a PDF and index.ts derives the
 * ground truth (sections, numbered items, cross-references, pages) that tests check the pipeline against.
 * All text is original, written for Threadbook.
 *
 * Inline markup, used in every text string below:
 *
 * - `[[phrase]]` marks a cross-reference. Only `phrase` is printed (as a link to the first target).
 *   The targets are read from the phrase itself: every "Section 2.1", "Sections 2.1–2.3",
 *   "Theorems 3.1 and 3.2", "Chapter 4", "Definition 1.4", "Example 2.11", ... inside it.
 *   A range ("2.1–2.3", en dash) is allowed for chapters and sections only. `validateBook` checks that
 *   each target exists with that number and kind, and that no such phrase appears outside `[[...]]`,
 *   so the list of references derived from the text is complete.
 * - `*text*` switches between roman and italic (emphasis in roman text, upright words in a theorem).
 * - `_{x}` and `^{x}` set a subscript or superscript.
 * - Straight quotes are printed as typographic quotes; every other character must exist in the
 *   WinAnsi encoding of the standard PDF fonts (so no ≤ or Σ: the prose says "at most" instead).
 *
 * Numbering: chapters 1–5; sections "c.s"; definitions, theorems, lemmas, propositions, corollaries and
 * examples share one counter per chapter ("Definition 2.5", "Proposition 2.6", "Example 2.7").
 */

export type ItemKind = 'definition' | 'theorem' | 'lemma' | 'proposition' | 'corollary' | 'example';

export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'formula'; text: string }
  | { type: 'item'; kind: ItemKind; number: string; name?: string; body: string[]; proof?: string[] }
  | { type: 'exercises'; items: string[] };

export interface Section {
  number: string;
  title: string;
  blocks: Block[];
}

export interface Chapter {
  number: number;
  title: string;
  /** Unnumbered opening paragraphs before the first section. */
  intro: string[];
  sections: Section[];
}

export interface Book {
  title: string;
  subtitle: string;
  author: string;
  /** Unnumbered preface, printed after the contents. */
  preface: { title: string; paragraphs: string[] };
  chapters: Chapter[];
}

const para = (text: string): Block => ({ type: 'paragraph', text });
const formula = (text: string): Block => ({ type: 'formula', text });
const exercises = (...items: string[]): Block => ({ type: 'exercises', items });
const definition = (number: string, name: string, ...body: string[]): Block => ({
  type: 'item',
  kind: 'definition',
  number,
  name,
  body,
});
const example = (number: string, name: string, ...body: string[]): Block => ({
  type: 'item',
  kind: 'example',
  number,
  name,
  body,
});
const claim =
  (kind: 'theorem' | 'lemma' | 'proposition' | 'corollary') =>
  (number: string, name: string | null, body: string[], proof?: string[]): Block => ({
    type: 'item',
    kind,
    number,
    ...(name ? { name } : {}),
    body,
    ...(proof ? { proof } : {}),
  });
const theorem = claim('theorem');
const lemma = claim('lemma');
const proposition = claim('proposition');
const corollary = claim('corollary');

const chapter1: Chapter = {
  number: 1,
  title: 'Graphs and Their Language',
  intro: [
    `Whenever a collection of things is tied together by pairwise connections, a graph is hiding in the background. Friends who know each other, towns joined by roads, web pages joined by links, atoms joined by chemical bonds and tasks that must wait for other tasks all share the same skeleton: a set of objects and a record of which pairs are related. This chapter introduces the vocabulary we use for that skeleton. Nothing in it is difficult, but almost everything in the later chapters is built from it, so it is worth reading slowly.`,
  ],
  sections: [
    {
      number: '1.1',
      title: 'What Is a Graph?',
      blocks: [
        para(
          `In 1736 the citizens of Königsberg wondered whether they could take a walk that crossed each of the seven bridges of their city exactly once. Leonhard Euler noticed that the shape of the river, the width of the bridges and the length of the streets were all irrelevant. What mattered was only which land masses were joined by which bridges. By throwing away everything else he invented the subject of this book. We return to his question in [[Section 4.1]], once we have the tools to answer it completely.`,
        ),
        definition(
          '1.1',
          'Graph',
          `A *graph* G consists of a finite set V(G) of *vertices* and a set E(G) of *edges*, where each edge is an unordered pair of distinct vertices. We write uv for the edge joining u and v, and we usually let n denote the number of vertices and m the number of edges.`,
        ),
        para(
          `If uv is an edge we say that u and v are *adjacent*, or *neighbours*, and that the edge is *incident* with each of its two *endpoints*. Because an edge is a set of two distinct vertices, the graphs of [[Definition 1.1]] have no edge from a vertex to itself and at most one edge between any two vertices. Such graphs are sometimes called *simple*. When we need to allow several edges between the same pair of vertices, as Euler did for the two bridges that joined the same banks of the river, we speak of a *multigraph*; that generality is needed only in [[Chapter 4]].`,
        ),
        example(
          '1.2',
          'A small friendship network',
          `Six students, Ana, Ben, Cai, Dee, Eli and Fay, take part in a study of friendship. The friendships reported are Ana–Ben, Ana–Cai, Ben–Cai, Cai–Dee, Dee–Eli, Dee–Fay and Eli–Fay. This defines a graph with n = 6 vertices and m = 7 edges. Drawn on paper, it looks like two triangles, one formed by Ana, Ben and Cai and the other by Dee, Eli and Fay, tied together by the single friendship between Cai and Dee.`,
          `We will use this network again and again, so it is worth drawing it once for yourself. It is small enough to check every claim by hand and just rich enough to show most of the phenomena in this book.`,
        ),
        para(
          `A drawing is a helpful picture of a graph, but it is not the graph itself. The positions of the dots and the shapes of the curves carry no information; only the list of adjacent pairs does. Two drawings that look completely different may therefore describe the same graph, and two graphs on different vertex sets may have exactly the same structure. The next definition makes "the same structure" precise.`,
        ),
        definition(
          '1.3',
          'Isomorphism',
          `Two graphs G and H are *isomorphic* if there is a bijection f from V(G) to V(H) such that uv is an edge of G exactly when f(u)f(v) is an edge of H. The bijection f is called an *isomorphism*.`,
        ),
        para(
          `For example, if we replace the six names in [[Example 1.2]] by the numbers 1 to 6, we obtain a graph on the vertex set {1, 2, 3, 4, 5, 6} that is isomorphic to the friendship network. Properties that are preserved by every isomorphism, such as the number of edges or the number of triangles, are called *graph invariants*. Much of graph theory consists of finding invariants that are easy to compute and that tell graphs apart. The degrees of the vertices, which we meet in [[Section 1.2]], are the simplest of them.`,
        ),
        para(
          `Some relationships have a direction: a web page links to another page that need not link back, and a task may have to wait for another task but not the other way round. Graphs whose edges are ordered pairs are called directed graphs. They are studied in [[Section 3.4]] and are the setting for the ranking of web pages in [[Section 5.4]]. Until then, every graph is undirected.`,
        ),
        exercises(
          `Draw the graph of [[Example 1.2]] in two different ways, one of them with no two edges crossing.`,
          `Show that the graph with vertices 1, 2, 3, 4 and edges 12, 23, 34, 41 is isomorphic to the graph with the same vertices and edges 13, 32, 24, 41.`,
          `How many different graphs can be formed on the vertex set {1, 2, 3}? How many of them are isomorphic to one with exactly one edge?`,
        ),
      ],
    },
    {
      number: '1.2',
      title: 'Degrees and the Handshake Lemma',
      blocks: [
        para(
          `The most basic question one can ask about a single vertex is how many neighbours it has. In a friendship network this is a person's number of friends; in a road map it is the number of roads leaving a junction. This number turns out to control a surprising amount of the structure of a graph.`,
        ),
        definition(
          '1.4',
          'Degree',
          `The *degree* deg(v) of a vertex v is the number of edges incident with v. The set of neighbours of v is written N(v), so that in a simple graph deg(v) is the size of N(v). A vertex of degree 0 is *isolated*, and a vertex of degree 1 is a *leaf*. The largest degree of a vertex of G is the *maximum degree* of G.`,
        ),
        example(
          '1.5',
          'Degrees of the friendship network',
          `In the network of [[Example 1.2]], Ana, Ben, Eli and Fay each have degree 2, while Cai and Dee each have degree 3. The degrees add up to 2 + 2 + 3 + 3 + 2 + 2 = 14, which is exactly twice the number of edges. This is no accident.`,
        ),
        theorem(
          '1.6',
          'Handshake Lemma',
          [
            `In every graph the sum of the degrees of all vertices equals twice the number of edges:`,
            `$ deg(v_{1}) + deg(v_{2}) + · · · + deg(v_{n}) = 2m.`,
          ],
          [
            `Count the pairs (v, e) in which v is a vertex and e is an edge incident with v. Counting vertex by vertex, each v contributes deg(v) pairs, so the total is the sum of the degrees. Counting edge by edge, each edge has exactly two endpoints and contributes two pairs, so the total is 2m. Both counts describe the same set, so they are equal.`,
          ],
        ),
        para(
          `The name comes from a party: if everybody shakes some hands, the total number of hands shaken is twice the number of handshakes, because every handshake involves two hands. The method of proof, counting one set in two different ways, is called *double counting*. It is one of the most useful tricks in the subject, and we will use it again for directed graphs in [[Proposition 3.10]] and for the friendship paradox in [[Proposition 5.3]].`,
        ),
        corollary(
          '1.7',
          null,
          [`Every graph has an even number of vertices of odd degree.`],
          [
            `By [[Theorem 1.6]] the sum of all degrees is even. The vertices of even degree contribute an even amount to this sum, so the vertices of odd degree must also contribute an even amount. A sum of odd numbers is even only when there is an even number of terms.`,
          ],
        ),
        para(
          `[[Corollary 1.7]] looks modest, but it is the key to Euler's problem, as we shall see in [[Corollary 4.3]]. It also rules out many graphs at once: there is no graph in which five people each have exactly three friends, since that would give five vertices of odd degree.`,
        ),
        para(
          `At the other extreme from a graph with no edges is the *complete graph* K_{n}, in which every pair of the n vertices is adjacent. Every vertex of K_{n} has degree n – 1, so by the Handshake Lemma the number of edges is`,
        ),
        formula(`|E(K_{n})| = n(n – 1) / 2.`),
        para(
          `A graph in which every vertex has the same degree d is called *d-regular*; the complete graph K_{n} is (n – 1)-regular, and a triangle is 2-regular. In contrast to the complete graph, most graphs that arise in practice are *sparse*: the number of edges is a small multiple of the number of vertices rather than a quadratic function of it. A social network with a billion members does not contain half a billion billion friendships. The *average degree* 2m/n, which by [[Theorem 1.6]] is just another way of writing the number of edges, is the usual measure of sparseness, and it reappears when we compare real and random networks in [[Sections 5.1–5.3]].`,
        ),
        exercises(
          `Can a graph with seven vertices have degrees 1, 1, 2, 3, 3, 4, 4? Can one with degrees 3, 3, 3, 3, 3, 3, 3?`,
          `Show that in any group of two or more people there are two who have the same number of friends within the group.`,
          `How many edges does a 4-regular graph on 10 vertices have?`,
        ),
      ],
    },
    {
      number: '1.3',
      title: 'Walks, Paths and Cycles',
      blocks: [
        para(
          `A graph becomes interesting when we move around in it. A message passed from friend to friend, a car driving from junction to junction and a rumour spreading through a school all follow edges of a graph one after another. The following definition names the basic kinds of movement.`,
        ),
        definition(
          '1.8',
          'Walk, path, cycle',
          `A *walk* of length k from u to v is a sequence of vertices u = x_{0}, x_{1}, . . . , x_{k} = v in which each consecutive pair x_{i–1}x_{i} is an edge. A walk is a *path* if its vertices are all distinct. A *cycle* is a walk of length at least 3 that returns to its starting vertex and otherwise repeats no vertex.`,
        ),
        para(
          `The length of a walk counts edges, not vertices, so a single vertex is a path of length 0. A walk may use the same edge many times; a path never does. A cycle of length 3 is a *triangle*. Note that a cycle is determined by the edges it uses: starting at a different vertex, or travelling in the opposite direction, gives the same cycle.`,
        ),
        example(
          '1.9',
          'Moving through the friendship network',
          `In the network of [[Example 1.2]], Ana, Cai, Dee, Fay is a path of length 3 from Ana to Fay. The sequence Ana, Ben, Cai, Ana, Cai, Dee is a walk of length 5 from Ana to Dee that is not a path, since it visits Ana and Cai twice. The network contains exactly two cycles, the triangles Ana, Ben, Cai and Dee, Eli, Fay. No cycle uses the edge Cai–Dee, a fact whose importance will become clear in [[Section 1.4]].`,
        ),
        para(
          `In the walk of [[Example 1.9]] the detour through Ben and back to Ana is wasted effort: deleting it leaves the shorter walk Ana, Cai, Dee. This observation is general.`,
        ),
        proposition(
          '1.10',
          null,
          [`If there is a walk from u to v, then there is a path from u to v.`],
          [
            `Among all walks from u to v choose one of smallest length, say u = x_{0}, . . . , x_{k} = v. If it repeated a vertex, say x_{i} = x_{j} with i < j, then deleting the part x_{i+1}, . . . , x_{j} would leave a shorter walk from u to v, contradicting the choice. So the shortest walk repeats no vertex and is a path.`,
          ],
        ),
        para(
          `The proof shows more than it states: a *shortest* walk between two vertices is automatically a path. This lets us measure how far apart two vertices are.`,
        ),
        definition(
          '1.11',
          'Distance',
          `The *distance* d(u, v) between vertices u and v is the length of a shortest path from u to v. If there is no path at all, we set d(u, v) to be infinite.`,
        ),
        para(
          `Distance behaves as a distance should: d(u, v) = 0 only when u = v, d(u, v) = d(v, u), and d(u, w) is at most d(u, v) + d(v, w), because a path from u to v followed by a path from v to w is a walk from u to w, which by [[Proposition 1.10]] contains a path. In the friendship network, d(Ana, Fay) = 3 and d(Ben, Cai) = 1. Computing distances efficiently in a large graph is not obvious; the method of choice, breadth-first search, is the subject of [[Section 3.1]], and [[Section 3.3]] extends it to roads of different lengths.`,
        ),
        para(
          `Cycles will play two quite different roles in this book. Their absence defines trees, the subject of [[Chapter 2]]. Their lengths, on the other hand, decide whether the vertices of a graph can be split into two groups with every edge going between the groups; we prove in [[Theorem 4.10]] that this is possible exactly when the graph has no cycle of odd length.`,
        ),
        exercises(
          `List all paths from Ana to Eli in the friendship network. Which of them are shortest?`,
          `Show that if a graph has a closed walk of odd length, then it has a cycle of odd length.`,
          `Show that every graph in which each vertex has degree at least 2 contains a cycle. (Hint: follow a longest path.)`,
        ),
      ],
    },
    {
      number: '1.4',
      title: 'Connectedness',
      blocks: [
        para(
          `Some graphs come in one piece and some fall apart into several. A road network on an archipelago, with no ferries, consists of one piece for each island. The notion of a walk from [[Section 1.3]] makes this precise.`,
        ),
        definition(
          '1.12',
          'Connected graph, component',
          `A graph is *connected* if for any two vertices u and v there is a path from u to v. The *components* of a graph are its maximal connected pieces: two vertices lie in the same component exactly when some path joins them.`,
        ),
        para(
          `That components are well defined rests on a small fact. The relation "there is a walk from u to v" is reflexive, symmetric and transitive, because walks can be reversed and joined end to end, so it is an equivalence relation and its classes partition the vertices. By [[Proposition 1.10]] we may say "path" instead of "walk" throughout. Every vertex lies in exactly one component, and an isolated vertex forms a component of its own.`,
        ),
        para(
          `How many edges does it take to hold n vertices together? Imagine starting with n isolated vertices and adding the edges one at a time. At the start there are n components. An edge whose endpoints already lie in the same component leaves the components unchanged, and an edge joining two different components merges them into one. Either way, one edge reduces the number of components by at most one.`,
        ),
        proposition(
          '1.13',
          null,
          [`A graph with n vertices and m edges has at least n – m components.`],
          [
            `Add the m edges one at a time to the graph with n vertices and no edges. By the observation above, each addition lowers the number of components by at most one, so at the end at least n – m components remain.`,
          ],
        ),
        corollary(
          '1.14',
          null,
          [`Every connected graph with n vertices has at least n – 1 edges.`],
          [
            `A connected graph has exactly one component, so 1 is at least n – m by [[Proposition 1.13]], that is, m is at least n – 1.`,
          ],
        ),
        para(
          `A connected graph may be fragile or robust. In the friendship network of [[Example 1.2]], the single edge Cai–Dee holds everything together: if Cai and Dee fall out, the network splits into two triangles. Edges with this property deserve a name.`,
        ),
        definition(
          '1.15',
          'Bridge',
          `An edge e of a graph G is a *bridge* if deleting e increases the number of components of G.`,
        ),
        proposition(
          '1.16',
          null,
          [`An edge is a bridge if and only if it lies on no cycle.`],
          [
            `Let e = uv. If e lies on a cycle, then after deleting e the rest of the cycle is still a path from u to v, and any walk that used e can be rerouted along it, so the components do not change. Conversely, suppose deleting e does not increase the number of components. Then u and v are still joined by a path that avoids e, and this path together with e forms a cycle through e.`,
          ],
        ),
        para(
          `[[Proposition 1.16]] explains the remark at the end of [[Example 1.9]]: the edge Cai–Dee lies on no cycle and is therefore a bridge, whereas every edge of the two triangles lies on a cycle and can be removed without disconnecting anything. Bridges are the weak points of communication and transport networks. Finding them by inspection is easy in a small picture but hopeless in a network with millions of edges; [[Section 3.2]] shows how depth-first search finds all of them in a single sweep.`,
        ),
        para(
          `[[Corollary 1.14]] raises a natural question: which connected graphs have exactly n – 1 edges, the fewest possible? By [[Proposition 1.16]], a connected graph with a cycle has an edge that is not a bridge, and deleting it leaves a connected graph with fewer edges. So the most economical connected graphs contain no cycles at all. These are the trees, and [[Chapter 2]] is devoted to them.`,
        ),
        exercises(
          `A graph has 12 vertices and 9 edges. What is the smallest possible number of components? The largest?`,
          `Show that if G is not connected, then the graph whose edges are the pairs not joined in G is connected.`,
          `Which edges of the complete graph K_{4} are bridges?`,
        ),
      ],
    },
  ],
};

const chapter2: Chapter = {
  number: 2,
  title: 'Trees',
  intro: [
    `Trees are the simplest connected graphs, and they are everywhere: in family histories, in the folders of a computer, in the branching of rivers and in the cheapest way to wire a set of buildings together. They also appear inside every other graph, as the skeletons that searching algorithms leave behind. This chapter characterizes trees, finds them inside arbitrary connected graphs, chooses the cheapest one when edges have costs, and finally counts them.`,
  ],
  sections: [
    {
      number: '2.1',
      title: 'Trees and Their Characterizations',
      blocks: [
        para(
          `At the end of [[Chapter 1]] we saw that a connected graph with as few edges as possible cannot contain a cycle. We now turn that observation into a definition and explore its consequences.`,
        ),
        definition(
          '2.1',
          'Tree, forest',
          `A *tree* is a connected graph that contains no cycle. A *forest* is a graph that contains no cycle; its components are therefore trees.`,
        ),
        para(
          `Leaves, the vertices of degree 1 from [[Definition 1.4]], are the natural place to start when reasoning about trees, because removing a leaf from a tree leaves a smaller tree: no path between two other vertices passes through a vertex of degree 1, so the rest stays connected, and deleting things cannot create a cycle.`,
        ),
        lemma(
          '2.2',
          null,
          [`Every tree with at least two vertices has at least two leaves.`],
          [
            `Let P = x_{0}, x_{1}, . . . , x_{k} be a path of greatest possible length in the tree; since the tree is connected and has an edge, k is at least 1. Every neighbour of x_{0} must lie on P, for otherwise P could be extended. If x_{0} had a neighbour x_{i} with i at least 2, the edges of P from x_{0} to x_{i} together with the edge x_{i}x_{0} would form a cycle. Hence x_{1} is the only neighbour of x_{0}, and x_{0} is a leaf. The same argument applies to x_{k}.`,
          ],
        ),
        para(
          `The idea of looking at a longest path is worth remembering. It reappears in the proof that every acyclic directed graph has a vertex with no incoming arcs ([[Theorem 3.12]]) and in Dirac's theorem on Hamiltonian cycles ([[Theorem 4.6]]). With [[Lemma 2.2]] in hand we can describe trees in several equivalent ways.`,
        ),
        theorem(
          '2.3',
          'Characterizations of trees',
          [
            `For a graph T with n vertices, the following statements are equivalent.`,
            `(a) T is a tree.`,
            `(b) T is connected and has exactly n – 1 edges.`,
            `(c) T has no cycle and has exactly n – 1 edges.`,
            `(d) Any two vertices of T are joined by exactly one path.`,
          ],
          [
            `We show first that a tree has n – 1 edges, by induction on n. A tree with one vertex has no edges. A tree with n vertices, n at least 2, has a leaf by [[Lemma 2.2]]; removing it and its edge leaves a tree with n – 1 vertices, which by induction has n – 2 edges, so T has n – 1. This shows that (a) implies (b) and (c).`,
            `If T is connected with n – 1 edges and had a cycle, deleting an edge of the cycle would leave a connected graph with n – 2 edges, contradicting [[Corollary 1.14]]; so (b) implies (a). If T has no cycle and n – 1 edges, each of its c components is a tree, and counting edges component by component gives n – c edges, so c = 1 and (c) implies (a). Finally, a tree has at least one path between any two vertices because it is connected, and two different paths would together contain a cycle; conversely, if paths are unique then T is connected, and a cycle would give two paths between any two of its vertices. So (a) and (d) are equivalent.`,
          ],
        ),
        para(
          `Each of the four conditions is useful in a different situation. Condition (b) is the easiest to check by computer. Condition (d) is the one behind most algorithms, since it says that a tree offers no choices about how to get from one place to another. In particular every edge of a tree is a bridge in the sense of [[Definition 1.15]], which is another way of saying that trees are as fragile as a connected graph can be.`,
        ),
        example(
          '2.4',
          'Trees in everyday life',
          `The folders on a computer form a tree: each folder other than the top one lies in exactly one parent folder, and following parents always leads back to the top. Choosing one vertex of a tree as the *root*, as the top folder is here, gives every other vertex a parent, namely its neighbour on the unique path to the root guaranteed by [[Theorem 2.3]](d). Family trees, tournament brackets and the branching of a river basin are rooted trees in the same way. Rooted trees will appear again as the output of the search algorithms in [[Sections 3.1 and 3.2]].`,
        ),
        exercises(
          `Show that a forest with n vertices and c components has exactly n – c edges.`,
          `Prove that a tree in which some vertex has degree d has at least d leaves.`,
          `Draw all trees on 5 vertices, up to isomorphism. (There are three.)`,
        ),
      ],
    },
    {
      number: '2.2',
      title: 'Spanning Trees',
      blocks: [
        para(
          `Suppose a connected network is too expensive to maintain in full and we want to keep only enough links to hold it together. By [[Corollary 1.14]] we must keep at least n – 1 links. It turns out that n – 1 is always enough.`,
        ),
        definition(
          '2.5',
          'Spanning tree',
          `A subgraph H of a graph G is *spanning* if it contains every vertex of G. A *spanning tree* of G is a spanning subgraph that is a tree.`,
        ),
        proposition(
          '2.6',
          null,
          [`Every connected graph has a spanning tree.`],
          [
            `Let G be connected. If G has no cycle it is a tree and we are done. Otherwise choose an edge on a cycle and delete it; by [[Proposition 1.16]] this edge is not a bridge, so the graph remains connected. Each deletion removes an edge, so the process stops, and it can only stop at a connected graph without cycles on the same vertex set, that is, at a spanning tree.`,
          ],
        ),
        para(
          `The proof removes edges until none can be removed. One can also work in the opposite direction, starting from no edges and adding edges that do not close a cycle until the graph is connected; this is the strategy behind Kruskal's algorithm in [[Section 2.3]]. A third way, growing a tree outward from a single vertex, is what the search algorithms of [[Chapter 3]] do.`,
        ),
        example(
          '2.7',
          'Spanning trees of the friendship network',
          `The network of [[Example 1.2]] has 6 vertices and 7 edges, so by [[Theorem 2.3]] a spanning tree keeps 5 edges and drops 2. The bridge Cai–Dee must be kept, since without it the graph falls apart. Each triangle must lose exactly one of its three edges, since keeping all three would leave a cycle and dropping two would disconnect a vertex. The choices in the two triangles are independent, so the network has 3 × 3 = 9 spanning trees.`,
        ),
        para(
          `Most graphs have many spanning trees, and [[Example 2.7]] shows how the number reflects the structure of the graph: bridges contribute nothing to the count, and cycles multiply it. At one extreme a tree has exactly one spanning tree, itself. At the other extreme the complete graph has an enormous number of them, and [[Section 2.4]] finds that number exactly.`,
        ),
        para(
          `Spanning trees matter in practice because they are minimal connected backbones. A computer network that floods messages along every link risks sending them around a cycle forever; a common remedy is to agree on a spanning tree and forward messages only along its edges. Because the tree is spanning, every machine is reached, and because it is a tree, by [[Theorem 2.3]](d) each message reaches each machine by exactly one route.`,
        ),
        exercises(
          `How many spanning trees does a cycle of length k have?`,
          `Let T_{1} and T_{2} be spanning trees of G and let e be an edge of T_{1} that is not in T_{2}. Show that there is an edge f of T_{2} such that deleting e from T_{1} and adding f gives another spanning tree.`,
        ),
      ],
    },
    {
      number: '2.3',
      title: 'Minimum Spanning Trees',
      blocks: [
        para(
          `In [[Section 2.2]] every spanning tree was as good as any other. In practice links have costs: laying cable between two villages costs more if they are far apart or separated by a hill. We then want the spanning tree whose total cost is as small as possible.`,
        ),
        definition(
          '2.8',
          'Weighted graph',
          `A *weighted graph* is a graph together with a number w(e), the *weight* of the edge e, for each edge. The weight of a subgraph is the sum of the weights of its edges. A *minimum spanning tree* is a spanning tree of smallest possible weight.`,
        ),
        para(
          `A connected graph can have a vast number of spanning trees, so trying them all is out of the question. Fortunately a simple greedy idea works, and the reason it works is captured by a single exchange argument. A *cut* of a connected graph is a division of its vertex set into two nonempty parts S and V(G) – S; an edge *crosses* the cut if it has one endpoint on each side.`,
        ),
        theorem(
          '2.9',
          'Cut property',
          [
            `Suppose all edge weights are distinct. For every cut of a connected weighted graph, the lightest edge crossing the cut belongs to every minimum spanning tree.`,
          ],
          [
            `Let e = uv be the lightest edge crossing the cut, with u in S, and let T be a spanning tree that does not contain e. By [[Theorem 2.3]](d), T contains a unique path from u to v. This path starts in S and ends outside it, so it uses some edge f that crosses the cut, and f is heavier than e. Deleting f from T and adding e gives a connected graph with n – 1 edges, which is a spanning tree by [[Theorem 2.3]](b), and it is lighter than T. So T was not a minimum spanning tree.`,
          ],
        ),
        para(
          `Kruskal's algorithm puts the cut property to work. Sort the edges from lightest to heaviest. Go through them in that order, keeping an edge if it joins two different components of the edges kept so far and discarding it if its endpoints are already connected. Stop when n – 1 edges have been kept.`,
        ),
        proposition(
          '2.10',
          null,
          [
            `If all edge weights are distinct, Kruskal's algorithm returns the unique minimum spanning tree of a connected weighted graph.`,
          ],
          [
            `The kept edges never form a cycle, because an edge is kept only when its endpoints lie in different components. When the algorithm keeps the edge e = uv, let S be the component containing u among the edges kept so far. Every lighter edge crossing this cut was examined earlier and would have been kept, merging its endpoints into one component, so e is the lightest edge crossing the cut (S, V(G) – S). By [[Theorem 2.9]], e lies in every minimum spanning tree. Thus all n – 1 kept edges lie in every minimum spanning tree, and since such a tree has exactly n – 1 edges it consists of them.`,
          ],
        ),
        example(
          '2.11',
          'Connecting five villages',
          `Five villages A, B, C, D and E can be linked by cables with costs AC = 1, BC = 2, DE = 3, AB = 4, BD = 5, CD = 8 and CE = 9, listed here from cheapest to most expensive. Kruskal's algorithm keeps AC, BC and DE. It discards AB, because A and B are already connected through C, keeps BD, which joins the two groups {A, B, C} and {D, E}, and has then kept 4 = n – 1 edges. The minimum spanning tree consists of AC, BC, DE and BD and has weight 1 + 2 + 3 + 5 = 11.`,
        ),
        para(
          `A different algorithm, usually credited to Prim, grows a single tree from a starting vertex, at each step adding the lightest edge that leaves the tree built so far. In contrast to Kruskal's algorithm, which may maintain many small trees at once and merge them, Prim's algorithm always has one growing tree. Its correctness follows directly from [[Theorem 2.9]], applied to the cut between the current tree and everything else. Prim's algorithm is strikingly similar to Dijkstra's algorithm for shortest paths in [[Section 3.3]], and comparing the two in [[Example 3.8]] shows that a minimum spanning tree and a tree of shortest paths can be very different.`,
        ),
        para(
          `Minimum spanning trees also give a guaranteed lower bound for a much harder problem. A salesperson who must visit every village and return home travels along a cycle through all vertices, and [[Proposition 4.8]] shows that such a tour can never be cheaper than a minimum spanning tree.`,
        ),
        exercises(
          `Run Prim's algorithm on the villages of [[Example 2.11]], starting at E. Do you get the same tree?`,
          `Show that if two edges have equal weight a graph may have several minimum spanning trees, but that they all have the same weight.`,
          `Where exactly does the proof of [[Theorem 2.9]] use the assumption that the weights are distinct?`,
        ),
      ],
    },
    {
      number: '2.4',
      title: 'Counting Trees',
      blocks: [
        para(
          `How many different trees can be built on the vertex set {1, 2, . . . , n}? Here two trees count as different whenever their edge sets differ, even if they are isomorphic in the sense of [[Definition 1.3]]; we are counting *labelled* trees. Equivalently, we are counting the spanning trees of the complete graph K_{n}.`,
        ),
        example(
          '2.12',
          'Small cases',
          `On three vertices every tree is a path with two edges, determined by its middle vertex, so there are 3 labelled trees. On four vertices a tree is either a star, with one vertex adjacent to the other three, or a path through all four vertices. There are 4 stars, one for each choice of centre, and 4!/2 = 12 paths, since each ordering of the vertices gives a path and reversing the order gives the same one. That makes 16 trees in all.`,
        ),
        para(
          `The numbers 1, 1, 3, 16 for n = 1, 2, 3, 4 continue 125, 1296, . . . , and a pattern emerges: they are 3^{1}, 4^{2}, 5^{3}, 6^{4}. The pattern was found by Borchardt and by Cayley in the nineteenth century and bears Cayley's name.`,
        ),
        theorem(
          '2.13',
          "Cayley's formula",
          [`The number of labelled trees on n vertices is`, `$ n^{n – 2}.`],
          [
            `We describe a bijection, due to Prüfer, between labelled trees on {1, . . . , n} and sequences of length n – 2 with entries from {1, . . . , n}; there are n^{n – 2} such sequences. To encode a tree, repeatedly remove the leaf with the smallest label and write down the label of its unique neighbour, until only two vertices remain. The leaves exist by [[Lemma 2.2]], and each removal leaves a tree, as observed in [[Section 2.1]].`,
            `A vertex v appears in the sequence exactly deg(v) – 1 times, because it is written down once for each neighbour removed before it, and it is either removed itself or is one of the last two vertices. In particular, the leaves of the tree are exactly the labels missing from the sequence, and the first leaf removed is the smallest missing label. This lets us decode: the first edge joins the smallest missing label to the first entry, and we continue in the same way with the rest of the sequence. Each sequence therefore comes from exactly one tree.`,
          ],
        ),
        example(
          '2.14',
          'A Prüfer code',
          `Take the tree on {1, 2, 3, 4, 5, 6} with edges 14, 24, 34, 45 and 56. The smallest leaf is 1, whose neighbour is 4; then 2 and 3 are removed, each also recording 4. Now vertex 4 is a leaf attached to 5, so we record 5, leaving the edge 56. The code is (4, 4, 4, 5). As the proof of [[Theorem 2.13]] predicts, vertex 4, of degree 4, appears three times, vertex 5, of degree 2, appears once, and the leaves 1, 2, 3 and 6 do not appear at all.`,
        ),
        para(
          `The formula is a reminder of how quickly the number of possibilities grows. There are 10^{8} labelled trees on just 10 vertices, so any method that finds the best spanning tree by trying them all, in contrast to the greedy method of [[Section 2.3]], is doomed. The bijection also gives a simple way to choose a tree uniformly at random: choose a random sequence and decode it. Random trees of this kind are a useful reference point when we study random graphs in [[Section 5.3]].`,
        ),
        exercises(
          `Find the tree whose Prüfer code is (3, 3, 1, 6).`,
          `Use Prüfer codes to count the labelled trees on n vertices in which vertex 1 is a leaf.`,
          `Check Cayley's formula for n = 5 by counting the trees of each shape found in the exercises of [[Section 2.1]].`,
        ),
      ],
    },
  ],
};

const chapter3: Chapter = {
  number: 3,
  title: 'Exploring Graphs',
  intro: [
    `A computer cannot look at a drawing. To answer even the simplest question about a large graph, such as whether it is connected, a program must explore it edge by edge, remembering where it has been. This chapter presents the two fundamental ways of exploring, breadth-first and depth-first search, extends the first to networks whose edges have lengths, and then turns to directed graphs, where edges can be followed in one direction only.`,
  ],
  sections: [
    {
      number: '3.1',
      title: 'Breadth-First Search',
      blocks: [
        para(
          `Drop a stone into a pond and the ripples spread outward in rings. Breadth-first search explores a graph in the same way. Starting from a vertex s, it first visits all neighbours of s, then all their unvisited neighbours, and so on, one ring at a time. The vertices waiting to be explored are kept in a *queue*, a list served in the order of arrival.`,
        ),
        para(
          `In detail: mark s as visited, give it *layer* 0 and put it in the queue. Then, as long as the queue is not empty, take the vertex u at its front and look at each neighbour v of u; if v has not been visited, mark it, give it layer one more than the layer of u, record u as the *parent* of v and put v at the back of the queue. The edges from each vertex to its parent are the *tree edges* of the search.`,
        ),
        theorem(
          '3.1',
          null,
          [
            `Breadth-first search from s visits exactly the vertices of the component containing s, and the layer it assigns to each visited vertex v equals the distance d(s, v). The tree edges form a spanning tree of that component.`,
          ],
          [
            `Vertices enter the queue in order of nondecreasing layer, and the layers of vertices in the queue differ by at most one. A vertex is visited only along an edge, so every visited vertex is joined to s by a path, and its layer is the length of the walk back to s through its parents; hence the layer is at least d(s, v). Conversely, let s = x_{0}, . . . , x_{k} = v be a shortest path. By induction on i, x_{i} receives a layer of at most i: when x_{i–1} is taken from the queue, x_{i} is either already visited with a layer of at most i, or it is visited now with layer at most i. So every vertex of the component is visited, and its layer is exactly d(s, v). Each visited vertex other than s has exactly one parent, so the tree edges number one fewer than the visited vertices and connect them all to s; by [[Theorem 2.3]](b) they form a tree.`,
          ],
        ),
        example(
          '3.2',
          'Breadth-first search in the friendship network',
          `Start at Ana in the network of [[Example 1.2]], examining neighbours in alphabetical order. Layer 0 is Ana. Layer 1 contains Ben and Cai, both with parent Ana. From Ben nothing new is found, since Ana and Cai are already visited; from Cai we find Dee, the only vertex of layer 2. From Dee we find Eli and Fay, which form layer 3. The distances from Ana are therefore 1, 1, 2, 3, 3, in agreement with [[Example 1.9]], and the tree edges Ana–Ben, Ana–Cai, Cai–Dee, Dee–Eli and Dee–Fay form one of the nine spanning trees counted in [[Example 2.7]].`,
        ),
        para(
          `Breadth-first search is fast. Each vertex enters the queue once, and when it leaves, each of its deg(u) neighbours is examined once. By the Handshake Lemma, [[Theorem 1.6]], the total number of examinations is 2m, so the whole search takes time proportional to n + m. Running it from every unvisited vertex in turn finds all the components of a graph in the same time, which settles the question of connectedness from [[Section 1.4]].`,
        ),
        para(
          `Breadth-first search has many other uses. Because the layers are the distance classes, running it from every vertex computes all distances in a graph, and hence the diameter studied in [[Section 5.2]]. And an edge between two vertices of the same layer reveals an odd cycle, which is exactly how we decide in [[Theorem 4.10]] whether a graph is bipartite.`,
        ),
        exercises(
          `Run breadth-first search from Eli in the friendship network. Which spanning tree do you obtain?`,
          `Show that every edge of a graph joins two vertices whose breadth-first layers differ by at most one.`,
        ),
      ],
    },
    {
      number: '3.2',
      title: 'Depth-First Search',
      blocks: [
        para(
          `In the Greek legend, Theseus found his way out of the Minotaur's labyrinth by unwinding a thread as he went. Depth-first search explores a graph like a careful visitor to a maze: it always walks to an unvisited neighbour of the current vertex if there is one, and only when there is none does it walk back along its thread to the previous vertex and try again from there. The thread is kept as a *stack*, a list in which the most recent entry is served first.`,
        ),
        para(
          `As in [[Section 3.1]], the edge along which each vertex is first reached joins it to its *parent*, and these tree edges form a spanning tree of the component of the starting vertex, the *depth-first tree*. The order of exploration gives the tree a very different shape, however. Breadth-first trees tend to be short and bushy; depth-first trees tend to be tall and thin. The edges that are not tree edges are also arranged in a special way.`,
        ),
        proposition(
          '3.3',
          null,
          [
            `In a depth-first search of an undirected graph, every edge that is not a tree edge joins a vertex to one of its ancestors in the depth-first tree.`,
          ],
          [
            `Let uv be an edge and suppose u is reached before v. The search does not retreat from u until every neighbour of u has been visited, so v is visited while u is still on the stack. Everything visited during that time is a descendant of u. Hence v is a descendant of u.`,
          ],
        ),
        para(
          `The non-tree edges are called *back edges*. In contrast to breadth-first search, where edges may run sideways between vertices of the same layer, depth-first search leaves no edges between different branches of its tree. This tidy structure is what makes depth-first search the tool of choice for questions about cycles and fragility.`,
        ),
        example(
          '3.4',
          'Depth-first search and bridges',
          `Start again at Ana in the friendship network, choosing neighbours alphabetically. From Ana we go to Ben, from Ben to Cai, from Cai to Dee, from Dee to Eli and from Eli to Fay. All six vertices have been reached along a single path, so the depth-first tree is the path Ana, Ben, Cai, Dee, Eli, Fay, in contrast to the bushy tree of [[Example 3.2]]. The two remaining edges are back edges: Cai–Ana jumps from Cai back to its ancestor Ana, and Fay–Dee jumps from Fay to Dee.`,
          `Now look at the tree edge Cai–Dee. No back edge leaves the part of the tree below it, formed by Dee, Eli and Fay, and reaches a vertex above Dee, so by [[Proposition 3.3]] every edge between that part and the rest of the graph is the tree edge itself. Deleting it therefore disconnects the graph: it is the bridge we found in [[Section 1.4]]. The tree edge Ben–Cai, in contrast, is bypassed by the back edge from Cai to Ana, which closes a cycle through it.`,
        ),
        para(
          `[[Example 3.4]] contains a general method. A tree edge from a parent p to a child c is a bridge exactly when no back edge joins a descendant of c to a proper ancestor of c, because by [[Proposition 1.16]] bridges are the edges on no cycle, and by [[Proposition 3.3]] every cycle through a tree edge must return along a back edge. Recording, for each vertex, the highest ancestor reachable by one back edge from its subtree, which can be done while the search backs up, finds all bridges in time proportional to n + m.`,
        ),
        para(
          `Depth-first search also builds the topological orders of [[Section 3.4]], and it has a disadvantage worth stating plainly: the path it follows to a vertex may be very long. In [[Example 3.4]] it reached Dee along a path of length 3, although d(Ana, Dee) = 2. For distances, breadth-first search is the right tool.`,
        ),
        exercises(
          `Run depth-first search on the villages of [[Example 2.11]], ignoring the weights and starting at A. List the back edges.`,
          `Show that a connected graph is a tree if and only if depth-first search finds no back edges.`,
        ),
      ],
    },
    {
      number: '3.3',
      title: 'Shortest Paths with Weights',
      blocks: [
        para(
          `Breadth-first search measures distance by counting edges. On a road map that is not good enough: a route with three short roads may be quicker than one with two long ones. We therefore return to weighted graphs, introduced in [[Definition 2.8]], and read each weight as a length.`,
        ),
        definition(
          '3.5',
          'Weighted distance',
          `In a weighted graph with nonnegative weights, the *length* of a path is the sum of the weights of its edges, and the *weighted distance* between u and v is the smallest length of a path from u to v.`,
        ),
        para(
          `When every weight equals 1, weighted distance is the ordinary distance of [[Definition 1.11]]. In general the two can disagree sharply, and the path with the fewest edges need not be the shortest.`,
        ),
        example(
          '3.6',
          'Fewest edges is not shortest',
          `In the villages of [[Example 2.11]], breadth-first search from A puts D in layer 2, reached through B along A, B, D of length 4 + 5 = 9, or through C along A, C, D of length 1 + 8 = 9. The path A, C, B, D has three edges but length only 1 + 2 + 5 = 8.`,
        ),
        para(
          `Dijkstra's algorithm repairs breadth-first search by replacing the queue with a priority list. Every vertex carries a tentative distance, 0 for the start s and infinite for all others. At each step, choose the unsettled vertex u with the smallest tentative distance and declare it *settled*. Then, for each neighbour v of u, if going to u and then along the edge uv is shorter than the tentative distance of v, lower the tentative distance of v to this value and record u as its parent. Continue until every reachable vertex is settled.`,
        ),
        theorem(
          '3.7',
          null,
          [
            `If all weights are nonnegative, then at the moment Dijkstra's algorithm settles a vertex, its tentative distance equals its weighted distance from s.`,
          ],
          [
            `Suppose not, and let u be the first vertex settled with a tentative distance larger than its true distance. Take a shortest path from s to u, and let y be the first vertex on it that is not yet settled, with predecessor x on the path. Since x was settled correctly, y received a tentative distance equal to its true distance when x was settled. Since the weights are nonnegative, the true distance of y is at most that of u, which is less than the tentative distance of u. Then y, not u, would have been chosen, a contradiction.`,
          ],
        ),
        para(
          `Compare this with Prim's algorithm from [[Section 2.3]]. Both grow a tree from a starting vertex by repeatedly attaching the best vertex outside it. Prim's algorithm ranks an outside vertex by the weight of the single edge that attaches it; Dijkstra's algorithm ranks it by the length of the whole path from s. This one change alters the result completely.`,
        ),
        example(
          '3.8',
          "Dijkstra's algorithm on the villages",
          `Start at A in [[Example 2.11]]. First A is settled with distance 0, giving B the tentative distance 4 and C the tentative distance 1. Next C is settled at 1; through C, B improves to 1 + 2 = 3, D gets 1 + 8 = 9 and E gets 1 + 9 = 10. Then B is settled at 3, and D improves to 3 + 5 = 8. Then D is settled at 8; the route through D would give E the length 11, which is no improvement. Finally E is settled at 10. The shortest-path tree uses the edges AC, CB, BD and CE and has weight 17, while the minimum spanning tree of [[Example 2.11]] has weight 11.`,
        ),
        para(
          `The tree of shortest paths serves travellers starting at A; the minimum spanning tree serves whoever pays for the cables. Neither is better in general, and [[Example 3.8]] shows that even when they share most of their edges, the trees can differ a great deal in total weight. The assumption of nonnegative weights in [[Theorem 3.7]] cannot be dropped either: with a negative edge, a path that looked long early on can become the shortest later, after its endpoint has already been settled.`,
        ),
        exercises(
          `Run Dijkstra's algorithm on the villages of [[Example 2.11]] starting at E.`,
          `Give a graph with one negative edge weight on which Dijkstra's algorithm returns a wrong distance.`,
        ),
      ],
    },
    {
      number: '3.4',
      title: 'Directed Graphs and Orderings',
      blocks: [
        para(
          `Many relations are one-sided. A course may be a prerequisite for another, a web page may link to another, and a person may follow someone on social media without being followed back. [[Section 1.1]] promised graphs that record such directions.`,
        ),
        definition(
          '3.9',
          'Directed graph',
          `A *directed graph* D consists of a finite set of vertices and a set of *arcs*, each arc being an ordered pair (u, v) of distinct vertices, drawn as an arrow from its *tail* u to its *head* v. The *out-degree* of a vertex is the number of arcs leaving it, and its *in-degree* is the number of arcs entering it.`,
        ),
        proposition(
          '3.10',
          null,
          [
            `In every directed graph, the sum of all out-degrees and the sum of all in-degrees both equal the number of arcs.`,
          ],
          [
            `Each arc has exactly one tail and exactly one head. Counting arcs by their tails gives the sum of out-degrees; counting them by their heads gives the sum of in-degrees. This is the double counting of [[Theorem 1.6]], with each arc counted once at each end instead of twice in total.`,
          ],
        ),
        para(
          `Walks, paths and cycles in a directed graph are defined as in [[Definition 1.8]], except that each step must follow an arc from its tail to its head. Breadth-first and depth-first search work without change if they follow arcs only forward; they then find the vertices *reachable* from the start. Reachability is no longer symmetric, however: on the web it is easy to reach a popular page and often impossible to get back.`,
        ),
        definition(
          '3.11',
          'Acyclic graph, topological order',
          `A directed graph is *acyclic* if it has no directed cycle. A *topological order* of a directed graph is a listing of all its vertices in which the tail of every arc comes before its head.`,
        ),
        theorem(
          '3.12',
          null,
          [`A directed graph has a topological order if and only if it is acyclic.`],
          [
            `If there is a directed cycle, its first vertex in any listing comes after its predecessor on the cycle, so no listing is a topological order. Conversely, let D be acyclic and consider a longest directed path x_{0}, . . . , x_{k}. An arc entering x_{0} from a vertex on the path would close a cycle, and one from a vertex off the path would give a longer path; so x_{0} has in-degree 0. List such a vertex first, delete it, and repeat: the remaining graph is still acyclic, so by induction it has a topological order, and appending it gives one for D.`,
          ],
        ),
        para(
          `The proof is the longest-path argument of [[Lemma 2.2]] in directed form, and it is also an algorithm: keep a list of vertices of in-degree 0, and repeatedly output one and delete its arcs. Alternatively, list the vertices in the reverse of the order in which a depth-first search finishes with them; [[Section 3.2]] supplies the search and the exercises below supply the reason.`,
        ),
        example(
          '3.13',
          'Planning a degree',
          `A student must take Programming (P), Discrete Mathematics (M), Data Structures (S), Algorithms (A) and Networks (N). The prerequisites are the arcs P to S, M to S, S to A, M to A, A to N and M to N. This directed graph is acyclic, so by [[Theorem 3.12]] a valid schedule exists. P and M have in-degree 0 and either may come first; P, M, S, A, N and M, P, S, A, N are the two topological orders.`,
        ),
        para(
          `Directed graphs with cycles are important too. A directed graph is *strongly connected* if every vertex can reach every other, and the web is far from strongly connected: many pages have no outgoing links at all. [[Chapter 5]] shows how a random walk on such a graph, with an occasional random jump, ranks web pages by importance.`,
        ),
        exercises(
          `Show that the reverse of the finishing order of a depth-first search of an acyclic directed graph is a topological order.`,
          `How many topological orders does a directed path on k vertices have? A directed graph with k vertices and no arcs?`,
        ),
      ],
    },
  ],
};

const chapter4: Chapter = {
  number: 4,
  title: 'Tours, Matchings and Colourings',
  intro: [
    `This chapter collects four classical problems. Two ask for tours: one that uses every edge exactly once and one that visits every vertex exactly once. They sound alike, yet the first has a complete and simple answer while the second is among the hardest problems in computing. The other two ask how to pair things up and how to separate things that conflict. Each of them builds on the language of [[Chapter 1]] and on the searches of [[Chapter 3]].`,
  ],
  sections: [
    {
      number: '4.1',
      title: 'Eulerian Circuits',
      blocks: [
        para(
          `We can now answer the question from [[Section 1.1]]. In Königsberg the river Pregel divided the city into four land masses: the island of Kneiphof, the north bank, the south bank and the eastern land between the two arms of the river. Seven bridges joined them, two pairs of them joining the same banks, so the city is a multigraph with four vertices and seven edges. The definitions of walks and degrees from [[Sections 1.2 and 1.3]] carry over to multigraphs word for word, each edge being counted separately.`,
        ),
        definition(
          '4.1',
          'Eulerian trail and circuit',
          `An *Eulerian trail* in a multigraph is a walk that uses every edge exactly once. An *Eulerian circuit* is an Eulerian trail that ends where it started.`,
        ),
        theorem(
          '4.2',
          "Euler's theorem",
          [
            `A connected multigraph with at least one edge has an Eulerian circuit if and only if every vertex has even degree.`,
          ],
          [
            `Each time an Eulerian circuit passes through a vertex it enters along one edge and leaves along another, and the start and end pair up in the same way. Since every edge is used once, the edges at each vertex are paired off, and the degree is even.`,
            `Conversely, suppose all degrees are even. Start anywhere and walk along unused edges for as long as possible. Whenever the walk enters a vertex other than its start, it has used an odd number of the edges there, so an unused edge remains and the walk can continue; hence it can only get stuck back at its start, having traced a closed trail. If some edges remain unused, connectedness gives an unused edge at some vertex v of the closed trail. The unused edges still have even degree at every vertex, so a second closed trail can be traced from v and spliced into the first at v. Repeating the splicing uses up all edges.`,
          ],
        ),
        corollary(
          '4.3',
          null,
          [
            `A connected multigraph has an Eulerian trail if and only if it has either no vertices of odd degree or exactly two. In the second case every Eulerian trail starts at one of the two odd vertices and ends at the other.`,
          ],
          [
            `By [[Corollary 1.7]] the number of odd vertices is even. If there are two, u and v, add a new edge uv; now all degrees are even, and by [[Theorem 4.2]] there is an Eulerian circuit. Removing the new edge from the circuit leaves an Eulerian trail from u to v. Conversely, in an Eulerian trail that is not closed, every vertex except the two ends is entered and left equally often and so has even degree.`,
          ],
        ),
        example(
          '4.4',
          'Königsberg and the friendship network',
          `In Königsberg, Kneiphof was reached by five bridges and each of the other three land masses by three. All four vertices have odd degree, so by [[Corollary 4.3]] no walk crosses every bridge exactly once, which is the answer Euler gave in 1736.`,
          `The friendship network of [[Example 1.2]] fares better. By [[Example 1.5]] only Cai and Dee have odd degree, so an Eulerian trail exists and must run between them. One is Cai, Ana, Ben, Cai, Dee, Eli, Fay, Dee.`,
        ),
        para(
          `The proof of [[Theorem 4.2]] is really an algorithm, known as Hierholzer's algorithm, and with some care it runs in time proportional to the number of edges. Snowploughs, street sweepers and postal carriers who must travel every street of a district face Eulerian problems, and when some degrees are odd the question becomes which streets to travel twice.`,
        ),
        exercises(
          `For which n does the complete graph K_{n} have an Eulerian circuit?`,
          `Königsberg was later given two more bridges. Where would you put a single extra bridge so that a walk crossing every bridge exactly once becomes possible?`,
        ),
      ],
    },
    {
      number: '4.2',
      title: 'Hamiltonian Cycles',
      blocks: [
        para(
          `Swap the roles of edges and vertices in [[Definition 4.1]] and the problem changes character completely.`,
        ),
        definition(
          '4.5',
          'Hamiltonian cycle',
          `A *Hamiltonian cycle* in a graph is a cycle that passes through every vertex. A graph that has one is *Hamiltonian*.`,
        ),
        para(
          `In contrast to [[Theorem 4.2]], no simple test for Hamiltonian graphs is known, and there is good reason to believe that none exists: deciding whether a graph is Hamiltonian is NP-complete, which means that an efficient test would also give efficient solutions to thousands of other problems that have resisted all attempts. What we do have are sufficient conditions, saying that graphs with enough edges are Hamiltonian, and necessary conditions, which can rule out a cycle.`,
        ),
        theorem(
          '4.6',
          "Dirac's theorem",
          [
            `If a graph has n vertices, n at least 3, and every vertex has degree at least n/2, then it has a Hamiltonian cycle.`,
          ],
          [
            `Two vertices that are not adjacent have at least n/2 neighbours each among the other n – 2 vertices, so they share a neighbour; hence the graph is connected. Let P = x_{0}, . . . , x_{k} be a longest path. As in the proof of [[Lemma 2.2]], all neighbours of x_{0} and of x_{k} lie on P. Let S be the set of indices i for which x_{0} is adjacent to x_{i+1}, and T the set of indices i for which x_{k} is adjacent to x_{i}. Both are subsets of {0, . . . , k – 1}, a set of k elements with k at most n – 1, and each has at least n/2 elements, so they share an index i. Then x_{0}, . . . , x_{i}, x_{k}, x_{k–1}, . . . , x_{i+1}, x_{0} is a cycle through all vertices of P. If some vertex were missing from this cycle, connectedness would give an edge from the cycle to it, and opening the cycle at that point would give a path longer than P. So the cycle is Hamiltonian.`,
          ],
        ),
        example(
          '4.7',
          'Graphs without Hamiltonian cycles',
          `The friendship network of [[Example 1.2]] is not Hamiltonian: a cycle never uses a bridge, by [[Proposition 1.16]], so no cycle can contain both Ana and Fay. This matches [[Theorem 4.6]], since most of its vertices have degree 2, well below 6/2 = 3.`,
          `A subtler example is the graph K_{2,3}, whose vertices are two "hubs" and three "spokes", with each hub adjacent to each spoke and no other edges. It is connected and has no bridge, yet it is not Hamiltonian: a cycle would have to alternate between hubs and spokes and would therefore contain as many hubs as spokes. We will see in [[Example 4.11]] that this alternation is forced in any bipartite graph.`,
        ),
        para(
          `The best-known relative of the Hamiltonian cycle problem is the *travelling salesperson problem*: in a weighted complete graph, find a Hamiltonian cycle of least total weight. Delivery companies solve versions of it every morning. Exact solutions are expensive, so it is valuable to know quickly how good a proposed tour is, and here the minimum spanning trees of [[Section 2.3]] help.`,
        ),
        proposition(
          '4.8',
          null,
          [
            `In a connected weighted graph with nonnegative weights, every Hamiltonian cycle weighs at least as much as a minimum spanning tree.`,
          ],
          [
            `Deleting any edge from a Hamiltonian cycle leaves a path through all n vertices, which is a spanning tree. Its weight is at most the weight of the cycle, because the deleted weight is nonnegative, and at least the weight of a minimum spanning tree, by definition.`,
          ],
        ),
        para(
          `For the villages of [[Example 2.11]], the cycle A, B, D, E, C, A is a tour of weight 4 + 5 + 3 + 9 + 1 = 22, and by [[Proposition 4.8]] no tour can weigh less than 11. The gap between the two numbers tells a planner how much there is to gain, at most, by searching for a better tour. Refinements of this idea give the best practical methods for the problem, and a clever doubling of the minimum spanning tree gives a tour that is at most twice as heavy as the optimum whenever the weights obey the triangle inequality.`,
        ),
        exercises(
          `Show that the bound in [[Theorem 4.6]] cannot be lowered to (n – 1)/2 when n is odd. (Consider two complete graphs sharing a single vertex.)`,
          `For which m and n is the complete bipartite graph K_{m,n} Hamiltonian?`,
        ),
      ],
    },
    {
      number: '4.3',
      title: 'Bipartite Graphs and Matchings',
      blocks: [
        para(
          `Many networks connect two different kinds of things: students and the projects they would like to join, workers and the jobs they can do, actors and the films they have appeared in. Edges then run only between the two kinds.`,
        ),
        definition(
          '4.9',
          'Bipartite graph',
          `A graph is *bipartite* if its vertices can be divided into two sets X and Y, the *sides*, so that every edge has one endpoint in X and one in Y.`,
        ),
        theorem(
          '4.10',
          "König's theorem",
          [`A graph is bipartite if and only if it contains no cycle of odd length.`],
          [
            `Along any walk in a bipartite graph the vertices alternate between the two sides, so a closed walk returns to its starting side only after an even number of steps; hence every cycle has even length. Conversely, suppose there is no odd cycle. It suffices to treat each component separately, so let the graph be connected, choose a vertex s and run breadth-first search from s. Let X consist of the vertices of even layer and Y of those of odd layer. By [[Theorem 3.1]] the layer of v is d(s, v). If an edge uv joined two vertices of the same parity, their layers would in fact be equal, since layers of adjacent vertices differ by at most one; then the tree paths from u and v back to their last common ancestor, together with the edge uv, would form a cycle of odd length. So every edge joins X to Y.`,
          ],
        ),
        example(
          '4.11',
          'Even and odd cycles',
          `A cycle of even length is bipartite, its vertices alternating between the two sides, while a triangle is not. The friendship network of [[Example 1.2]] contains triangles and so is not bipartite. Trees have no cycles at all, so by [[Theorem 4.10]] every tree is bipartite, a fact that is also easy to see directly from [[Theorem 2.3]]. Finally, K_{2,3} from [[Example 4.7]] is bipartite with sides of sizes 2 and 3, and since a cycle alternates between the sides, no cycle of a bipartite graph with unequal sides can pass through every vertex.`,
        ),
        para(
          `The proof of [[Theorem 4.10]] is again an algorithm: breadth-first search either two-colours the graph by layer parity or finds an edge inside one parity class, which points to an odd cycle. We now turn to the problem that makes bipartite graphs so useful.`,
        ),
        definition(
          '4.12',
          'Matching',
          `A *matching* in a graph is a set of edges no two of which share an endpoint. A matching *saturates* a vertex if one of its edges is incident with it, and a *perfect matching* saturates every vertex.`,
        ),
        theorem('4.13', "Hall's theorem", [
          `Let G be bipartite with sides X and Y. There is a matching that saturates every vertex of X if and only if, for every set A of vertices in X, the set N(A) of vertices adjacent to some member of A has at least as many elements as A.`,
        ]),
        para(
          `The condition is clearly necessary: the members of A must be matched to different vertices, all of which lie in N(A). The surprise is that it is sufficient. Several short proofs are known; the most instructive one, by induction on the size of X, distinguishes whether some nonempty proper subset A has exactly as many neighbours as members or whether every such subset has a neighbour to spare. We omit it here, but its message is memorable: if a matching is impossible, there is always a small certificate explaining why, namely a group of people who are jointly interested in too few things.`,
        ),
        example(
          '4.14',
          'Assigning projects',
          `Four students, Ana, Ben, Cai and Dee, choose among four projects. Ana and Ben will each work only on project 1 or project 2, and Cai will work only on project 1 or project 2 as well; Dee will do anything. The set A = {Ana, Ben, Cai} has N(A) = {1, 2}, which is too small, so by [[Theorem 4.13]] no assignment gives every student a project of their choice. If Cai also accepts project 3, every set of students has enough acceptable projects, and indeed Ana 1, Ben 2, Cai 3, Dee 4 works.`,
        ),
        exercises(
          `Show that every k-regular bipartite graph with k at least 1 has a perfect matching.`,
          `Use breadth-first search, as in the proof of [[Theorem 4.10]], to find an odd cycle in a graph that is not bipartite.`,
        ),
      ],
    },
    {
      number: '4.4',
      title: 'Colourings',
      blocks: [
        para(
          `A university must schedule its exams so that no student has two exams at the same time. Make a graph with one vertex per exam, joining two exams whenever some student takes both. Assigning time slots is then the same as colouring the vertices so that adjacent vertices receive different colours, and the fewest slots needed is the fewest colours.`,
        ),
        definition(
          '4.15',
          'Colouring, chromatic number',
          `A *proper colouring* of a graph assigns a colour to each vertex so that adjacent vertices receive different colours. The *chromatic number* of G is the smallest number of colours in a proper colouring of G.`,
        ),
        para(
          `A graph has chromatic number at most 2 exactly when it is bipartite: the two colour classes are the two sides of [[Definition 4.9]]. So by [[Theorem 4.10]], two colours suffice precisely when there is no odd cycle, and breadth-first search finds such a colouring. For three colours the story changes dramatically. Deciding whether a graph can be properly coloured with three colours is NP-complete, just like the Hamiltonian cycle problem of [[Section 4.2]].`,
        ),
        proposition(
          '4.16',
          'Greedy colouring',
          [`Every graph with maximum degree d can be properly coloured with d + 1 colours.`],
          [
            `Colour the vertices one at a time in any order, giving each vertex the first colour not already used by one of its coloured neighbours. A vertex has at most d neighbours, so at most d colours are blocked, and one of the d + 1 colours is always free.`,
          ],
        ),
        example(
          '4.17',
          'Scheduling exams',
          `Suppose the six students of [[Example 1.2]] are in fact six exams, with an edge whenever two exams share a student. The triangle Ana, Ben, Cai needs three colours, so at least three time slots are required. [[Proposition 4.16]] promises at most four, because the maximum degree is 3. In fact three suffice: Ana and Dee in the morning, Ben and Eli at noon, Cai and Fay in the afternoon. One checks that every edge of the network, including the bridge Cai–Dee, joins two different slots.`,
        ),
        para(
          `The greedy bound is sometimes far from the truth. A star with one centre and many leaves has large maximum degree but, being a tree, needs only two colours. The order in which greedy colouring visits the vertices matters too: on some bipartite graphs a bad order makes it use many colours, while a good order, such as the breadth-first order of [[Section 3.1]], uses two. Graph colouring also has a famous landmark: every map drawn in the plane can be coloured with four colours so that neighbouring countries differ, a theorem whose proof in 1976 was the first major result to rely on a computer.`,
        ),
        exercises(
          `What is the chromatic number of a cycle of length k? Of the complete graph K_{n}?`,
          `Find an ordering of the vertices of a path on four vertices for which greedy colouring uses three colours.`,
        ),
      ],
    },
  ],
};

const chapter5: Chapter = {
  number: 5,
  title: 'Networks in the World',
  intro: [
    `The first four chapters studied graphs one at a time, proving exact statements about them. Networks that occur in the world, such as friendships among millions of people or links among billions of web pages, call for a different point of view. We cannot draw them, and we rarely care about any single vertex. Instead we ask statistical questions: how are the degrees distributed, how far apart are typical vertices, what would a network look like if its edges were placed at random, and which vertices matter most? The tools of the earlier chapters, especially the Handshake Lemma and breadth-first search, remain the workhorses.`,
  ],
  sections: [
    {
      number: '5.1',
      title: 'Degree Distributions and Hubs',
      blocks: [
        para(
          `The first thing to measure in a large network is the degree of every vertex, as in [[Definition 1.4]]. A list of millions of degrees is not informative by itself, so we summarize it.`,
        ),
        definition(
          '5.1',
          'Degree distribution',
          `The *degree distribution* of a graph with n vertices gives, for each k, the fraction p_{k} of vertices that have degree k.`,
        ),
        example(
          '5.2',
          'The friendship network again',
          `In the network of [[Example 1.2]], four of the six vertices have degree 2 and two have degree 3, so p_{2} = 2/3, p_{3} = 1/3 and every other p_{k} is 0. The average degree is 2 · 2/3 + 3 · 1/3 = 7/3, which agrees with 2m/n = 14/6 from [[Theorem 1.6]].`,
        ),
        para(
          `In many real networks the degree distribution is strikingly uneven. Most vertices have small degree, but a few *hubs* have enormous degree: a handful of web pages receive links from millions of others, and a few airports connect to hundreds of destinations. Plotted on logarithmic scales, such distributions often look roughly like straight lines over a wide range, which is why they are called *heavy-tailed* or, loosely, *scale-free*. Whether a given network truly follows a power law is a delicate statistical question, but the presence of hubs is not in doubt, and it has consequences. A network with hubs is robust against the failure of random vertices, which are almost always unimportant, and fragile against targeted attacks on its hubs.`,
        ),
        para(
          `Hubs also produce a curious effect that anyone with a social media account has noticed: your friends seem to have more friends than you do. This is not an illusion or bad luck but a theorem.`,
        ),
        proposition(
          '5.3',
          'Friendship paradox',
          [
            `In every graph without isolated vertices, the average degree of a neighbour, taken over all pairs (v, u) in which u is a neighbour of v, is at least the average degree of a vertex, with equality only when all components are regular with the same degree.`,
          ],
          [
            `Each edge uv gives two pairs, (u, v) and (v, u), so by double counting, as in [[Theorem 1.6]], the number of pairs is 2m and a vertex u appears as the neighbour in exactly deg(u) of them. The average degree of a neighbour is therefore the sum of the squares of the degrees divided by the sum of the degrees. By the Cauchy–Schwarz inequality, the sum of the squares of n numbers is at least the square of their sum divided by n, with equality only when all the numbers are equal. Dividing by the sum of the degrees gives the claim.`,
          ],
        ),
        para(
          `In the friendship network the average degree is 7/3, about 2.33, but the average degree of a friend is (4 · 4 + 2 · 9)/14 = 17/7, about 2.43, because Cai and Dee, the best-connected people, are counted as friends more often than anyone else. In a network with hubs the gap is large: a hub is somebody's friend many times over. Public-health researchers use this effect deliberately, monitoring the friends of randomly chosen people rather than the people themselves, because friends are more central and tend to catch an epidemic earlier.`,
        ),
        exercises(
          `Compute the degree distribution of the villages of [[Example 2.11]] and check the friendship paradox for it.`,
          `Which trees with n vertices maximize the gap between the average degree of a neighbour and the average degree?`,
        ),
      ],
    },
    {
      number: '5.2',
      title: 'Small Worlds and Clustering',
      blocks: [
        para(
          `In the 1960s the psychologist Stanley Milgram asked people in the American Midwest to forward a letter toward a stranger in Boston, passing it only to personal acquaintances. The letters that arrived took about six steps on average, giving rise to the phrase "six degrees of separation". Later studies of e-mail and online social networks with hundreds of millions of members found typical distances of four to six. Large social networks, it seems, are *small worlds*.`,
        ),
        definition(
          '5.4',
          'Diameter, clustering coefficient',
          `The *diameter* of a connected graph is the largest distance d(u, v), in the sense of [[Definition 1.11]], between any two of its vertices. The *clustering coefficient* of a vertex v of degree at least 2 is the fraction of pairs of neighbours of v that are themselves adjacent, and the clustering coefficient of a graph is the average over such vertices.`,
        ),
        para(
          `Both quantities can be computed with tools we already have. Running breadth-first search from every vertex yields all distances, by [[Theorem 3.1]], and hence the diameter; for a network with billions of edges one runs it from a sample of vertices instead. Clustering counts triangles, the cycles of length 3 from [[Definition 1.8]], around each vertex.`,
        ),
        example(
          '5.5',
          'Clustering among six friends',
          `In the friendship network, Ana's two friends Ben and Cai are friends with each other, so Ana has clustering coefficient 1, and so do Ben, Eli and Fay. Cai has three friends, Ana, Ben and Dee, forming three pairs of which only Ana and Ben are adjacent, so Cai's coefficient is 1/3; the same holds for Dee. The clustering coefficient of the network is (1 + 1 + 1/3 + 1/3 + 1 + 1)/6 = 7/9, about 0.78. Its diameter is 3, the distance from Ana or Ben to Eli or Fay found in [[Example 3.2]].`,
        ),
        para(
          `High clustering says that the friends of a friend are likely to be friends; small diameter says that everyone is close to everyone. The two pull in opposite directions. A ring of people, each friends with the nearest few neighbours on either side, has high clustering but a diameter proportional to its size. A tree, by contrast, can have small diameter but has clustering coefficient 0, since by [[Definition 2.1]] it contains no triangles. Real social networks manage both at once.`,
        ),
        para(
          `Watts and Strogatz gave a simple explanation in 1998. Start with the ring and rewire a small fraction of the edges at random. The clustering hardly changes, because most local triangles survive, but the few random shortcuts act like express trains between distant parts of the ring, and the diameter collapses. A small number of long-range ties, in other words, is enough to make a world small. The next section looks at graphs in which all edges are placed at random.`,
        ),
        exercises(
          `What are the diameter and the clustering coefficient of the complete graph K_{n}? Of a cycle of length k, for k at least 4?`,
          `Show that the diameter of a connected graph is at most twice the largest distance from any one fixed vertex.`,
        ),
      ],
    },
    {
      number: '5.3',
      title: 'Random Graphs',
      blocks: [
        para(
          `To decide whether a feature of a real network is remarkable, we need to know what a network built without any design would look like. The simplest model was studied by Erdös and Rényi and, independently, by Gilbert around 1960.`,
        ),
        definition(
          '5.6',
          'Random graph G(n, p)',
          `The random graph G(n, p) has vertex set {1, . . . , n}, and each of the n(n – 1)/2 possible edges is included with probability p, independently of all the others.`,
        ),
        proposition(
          '5.7',
          null,
          [
            `In G(n, p) the expected number of edges is p · n(n – 1)/2, and the expected degree of each vertex is p(n – 1).`,
          ],
          [
            `The number of edges is a sum of n(n – 1)/2 indicator variables, one per possible edge, each with expectation p; by linearity of expectation the expected sum is p · n(n – 1)/2. Likewise the degree of a vertex is a sum of n – 1 indicators, one for each other vertex. The two answers are consistent with [[Theorem 1.6]], since the average degree is 2m/n.`,
          ],
        ),
        para(
          `The most famous feature of G(n, p) is a sudden change of shape as the expected degree c = p(n – 1) passes 1. When c is less than 1 all components are small, with at most a constant times log n vertices, and they are nearly all trees. When c exceeds 1, a single *giant component* containing a constant fraction of all vertices appears, while the other components remain small. A second threshold concerns connectivity: G(n, p) is very likely to be connected when p is somewhat larger than (ln n)/n and very unlikely to be connected when p is somewhat smaller, because below that level isolated vertices survive. We state these facts without proof; they belong to probability theory rather than to this introduction.`,
        ),
        example(
          '5.8',
          'A thousand vertices',
          `Take n = 1000 and p = 0.002. By [[Proposition 5.7]] we expect 0.002 × 499,500 = 999 edges and an expected degree of 1.998, comfortably above 1, so a giant component is expected; the theory predicts that it contains about 80 percent of the vertices. The graph is unlikely to be connected, however, since (ln 1000)/1000 is about 0.0069. Indeed, a vertex is isolated with probability 0.998^{999}, about 0.135, so we expect roughly 135 isolated vertices.`,
        ),
        para(
          `Random graphs reproduce one feature of real networks well: their diameter is small, growing only like log n, because the number of vertices within distance k of a vertex grows roughly like c^{k}. In contrast to the heavy-tailed networks of [[Section 5.1]], however, the degrees in G(n, p) are tightly concentrated around their mean, with no hubs, and the clustering coefficient is only about p, tiny for a sparse graph, while the friendship network of [[Example 5.5]] has clustering 7/9. Models that add preferential attachment, in which new vertices link to popular ones, or that mix local structure with random shortcuts as in [[Section 5.2]], were invented to close these gaps.`,
        ),
        para(
          `Random graphs also connect back to counting. Each of the n^{n – 2} labelled trees of [[Theorem 2.13]] is a possible outcome of G(n, p) with n – 1 edges, and the small components of G(n, p) when c is less than 1 are, with high probability, trees with a shape distribution that the Prüfer code of [[Example 2.14]] helps analyse.`,
        ),
        exercises(
          `Compute the expected number of triangles in G(n, p) and compare it with the expected number of edges.`,
          `Estimate the expected number of isolated vertices in G(n, p) when p = (ln n)/n.`,
        ),
      ],
    },
    {
      number: '5.4',
      title: 'Centrality and PageRank',
      blocks: [
        para(
          `Which vertices of a network matter most? The answer depends on what "matter" means, and network science offers several measures of *centrality*. The simplest is degree: hubs, as in [[Section 5.1]], are central because they have many neighbours. Other measures look further than one step.`,
        ),
        definition(
          '5.9',
          'Closeness and betweenness',
          `In a connected graph with n vertices, the *closeness* of a vertex v is n – 1 divided by the sum of the distances d(v, u) over all other vertices u. The *betweenness* of v measures the fraction of shortest paths between pairs of other vertices that pass through v.`,
        ),
        para(
          `In the friendship network, Cai has distance 1 to three people and 2 to two, a total of 7, so Cai's closeness is 5/7, about 0.71; by symmetry Dee's is the same. Ana's distances total 1 + 1 + 2 + 3 + 3 = 10, giving closeness 1/2. Betweenness singles out Cai and Dee even more clearly: every shortest path from Ana or Ben to Eli or Fay runs through both of them and through the bridge of [[Example 3.4]]. Computing closeness and betweenness needs all distances, which means running the searches of [[Chapter 3]] from every vertex.`,
        ),
        para(
          `On the web, neither measure captures what a search engine wants. A page is important if important pages link to it, a circular-sounding idea that Brin and Page turned into an algorithm in 1998. Consider the directed graph of [[Definition 3.9]] whose vertices are pages and whose arcs are links, and imagine a surfer who, at each step, follows a random outgoing link with probability 0.85 and jumps to a page chosen uniformly at random otherwise, or whenever the current page has no links. In the long run the fraction of time the surfer spends on each page settles down to a fixed value, the page's *PageRank*.`,
        ),
        example(
          '5.10',
          'PageRank of four pages',
          `Four pages link as follows: A links to B and C, B links to C, C links to A, and D links to C. Iterating the surfer's rule until it stabilizes gives PageRanks of about 0.373 for A, 0.196 for B, 0.394 for C and 0.038 for D. Page C receives three links and comes first. More interesting is A, with a single incoming link but nearly the same rank as C: that one link comes from C, the most important page, and C passes on all its rank to A. Page D receives no links at all and keeps only the share 0.15/4 = 0.0375 brought by random jumps.`,
        ),
        para(
          `PageRank is a property of the whole network, not of a single vertex and its neighbours, which is both its strength and the reason it must be computed iteratively. It also resolves the difficulty raised in [[Section 3.4]]: the web is far from strongly connected, and without the random jumps a surfer could be trapped in a corner of the web with no way out. With them, every page can be reached from every other, and the ranking is well defined.`,
        ),
        para(
          `This brings our tour to an end. Starting with Euler's bridges, we built a vocabulary of degrees, paths and components ([[Chapter 1]]), studied the trees that hold graphs together ([[Chapter 2]]), learned to explore graphs systematically ([[Chapter 3]]) and met some classical problems, easy and hard ([[Chapter 4]]). The same handful of ideas, double counting, longest paths and the two searches, reappeared in every chapter and carried us to the networks of the real world. Many roads lead on from here, toward algorithms, probability, optimization and the study of the networks themselves. We hope you enjoy travelling them.`,
        ),
        exercises(
          `Which vertex of the villages of [[Example 2.11]] has the largest closeness, if each edge counts as length 1?`,
          `In [[Example 5.10]], what happens to the PageRanks if D also links to A?`,
        ),
      ],
    },
  ],
};

export const SAMPLE_BOOK: Book = {
  title: 'Networks and Graphs',
  subtitle: 'A Gentle Introduction',
  author: 'The Threadbook Team',
  preface: {
    title: 'Preface',
    paragraphs: [
      `This short book introduces graphs, the mathematical model of anything made of objects and connections. It assumes no more than school algebra and a willingness to draw pictures. Each chapter builds on the ones before it: the vocabulary of [[Chapter 1]] is used everywhere, the trees of [[Chapter 2]] reappear as the output of the searches in [[Chapter 3]], and [[Chapters 4 and 5]] apply all of it to classical puzzles and to the networks of the real world.`,
      `Results are numbered within each chapter, and the text refers back to them often, in phrases such as "by [[Theorem 1.6]]" or "recall [[Definition 1.4]]". If you are reading this book in Threadbook, those references, together with the paragraphs that explain or extend one another, appear beside the text as related paragraphs, so you can follow an idea forward and backward through the book rather than only from front to back. A small friendship network, introduced in [[Example 1.2]], serves as a running example; it is worth drawing once and keeping at hand.`,
      `The book was written by the Threadbook team as a sample for new readers. You are welcome to use and share it.`,
    ],
  },
  chapters: [chapter1, chapter2, chapter3, chapter4, chapter5],
};
