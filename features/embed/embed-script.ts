/**
 * The web component a careers page loads from the board (issue 66): `<creator-jobs
 * company="slug" limit="5">` fetches the company's live listings (GET
 * /api/companies/{slug}/embed, readable from any origin, sent without credentials) and draws them
 * in its light DOM, so the host page's own styles dress them (classes `creator-jobs-*` to aim
 * at). Each title links to its job page on the board. Whatever the element held before (a plain
 * link to the company's page, in the snippet) stays when the fetch fails or scripts are off.
 *
 * Served as it is by /embed.js (pages/embed.js.tsx): plain ES2017 for every browser that has
 * custom elements, no framework, under 3 kB. The board's address is the script's own origin.
 */
export const EMBED_SCRIPT = `(()=>{
var s=document.currentScript,base=s?new URL(s.src).origin:"";
function el(tag,cls,text){var e=document.createElement(tag);e.className="creator-jobs-"+cls;if(text!=null)e.textContent=text;return e}
function link(cls,href,text){var a=el("a",cls,text);a.href=href;return a}
class CreatorJobs extends HTMLElement{
connectedCallback(){
if(this.started)return;this.started=1;
var slug=this.getAttribute("company")||"",limit=this.getAttribute("limit"),self=this;
fetch(base+"/api/companies/"+encodeURIComponent(slug)+"/embed"+(limit?"?limit="+encodeURIComponent(limit):""),{credentials:"omit"})
.then(function(r){if(!r.ok)throw r.status;return r.json()})
.then(function(d){self.draw(d)},function(){self.setAttribute("data-state","failed")})}
draw(d){
var date=new Intl.DateTimeFormat(document.documentElement.lang||void 0,{month:"short",day:"numeric",year:"numeric"}),parts=[];
if(d.jobs.length){
var ul=el("ul","list");ul.setAttribute("aria-label","Jobs at "+d.company.name);
d.jobs.forEach(function(j){
var li=el("li","job"),p=el("p","facts",j.location+" \\u00b7 "+j.type_label+" \\u00b7 Posted "),t=el("time","date",date.format(new Date(j.published_at)));
t.dateTime=j.published_at;p.append(t);li.append(link("title",j.url,j.title),p);ul.append(li)});
parts.push(ul)}else parts.push(el("p","empty",d.company.name+" has no open jobs on "+d.board.name+" right now."));
if(d.total>d.jobs.length){var m=el("p","more");m.append(link("all",d.company.url,"All "+d.total+" jobs at "+d.company.name));parts.push(m)}
var c=el("p","credit");c.append(link("board",d.board.url,"Jobs by "+d.board.name));parts.push(c);
this.replaceChildren.apply(this,parts);this.setAttribute("data-state","ready")}}
customElements.get("creator-jobs")||customElements.define("creator-jobs",CreatorJobs)
})();
`;

/** The element's name, as the snippet writes it. */
export const EMBED_ELEMENT = "creator-jobs";
